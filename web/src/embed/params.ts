// Steps in a URL, and the query parameters of a family's embed route (/embed/<family>),
// validated: a bad value is an error the page shows, and a value past the end is a notice,
// never a silent jump.
import { VARIANT_PARAM, checkParams } from './link';
import { parseParts, type Parts } from './parts';
import type { FamilyModule } from '../registry/family';
import { excerpt, num as fmt } from '../util/format';

/** A step: a number, 'end', or `op:N` (just before operation N starts, counting from 1). */
export type StepSpec = number | 'end' | `op:${number}`;

export interface ResolvedStep {
  step: number;
  /** Why the step shown is not the one asked for. */
  notice?: string;
}

/** Resolves a step spec against the start of each operation and the trace length. */
export function resolveStep(spec: StepSpec, actionStarts: readonly number[], length: number): ResolvedStep {
  if (spec === 'end') return { step: length };
  if (typeof spec === 'number') {
    return spec <= length ? { step: spec }
      : { step: length, notice: `Step ${fmt(spec)} is past the end of this script (${fmt(length)} steps), so it is shown at the end.` };
  }
  const n = Number(spec.slice(3));
  return n >= 1 && n <= actionStarts.length ? { step: actionStarts[n - 1] }
    : { step: length, notice: `There is no operation ${fmt(n)}: this script has ${fmt(actionStarts.length)}, so it is shown at the end.` };
}

/** More digits than any trace could need. */
const MAX_STEP_DIGITS = 9;

export function parseStep(raw: string | null): { ok: true; step: StepSpec } | { ok: false; message: string } {
  const bad = { ok: false as const, message: `step=${excerpt(raw ?? '')} is not a step; expected a whole number, "end" or "op:N"` };
  if (raw === null) return { ok: true, step: 0 };
  if (raw === 'end') return { ok: true, step: 'end' };
  const m = /^(op:)?(\d+)$/.exec(raw);
  if (!m || (m[1] && /^0+$/.test(m[2]))) return bad;
  if (m[2].length > MAX_STEP_DIGITS) {
    return { ok: false, message: `step=${excerpt(raw)} is larger than any script here can have; use "end" for the last step` };
  }
  return { ok: true, step: m[1] ? (`op:${Number(m[2])}` as StepSpec) : Number(m[2]) };
}

export type FamilyEmbed =
  | { ok: true; view: string; ops: string; step: StepSpec; settings: Record<string, string>; parts: Parts }
  | { ok: false; message: string };

/**
 * `variant=<variant>|race&<setting>=…&show=…&ops=…&step=…` for a family (Rust checks the
 * settings' values; `show` names the parts to show, parts.ts). The family's older name for
 * `variant` (`heap=`, `view=`, `queue=`, `version=`) is read as well, so old links keep opening.
 */
export function parseFamilyEmbed(module: Pick<FamilyModule, 'oldVariantParam' | 'variants' | 'defaultVariant' | 'settings'>, params: URLSearchParams): FamilyEmbed {
  const names = (module.settings ?? []).map((s) => s.name);
  // A family made after `variant=` (its schema's old name is '') has no older name to read.
  const old = module.oldVariantParam ? [module.oldVariantParam] : [];
  const problem = checkParams(params, [VARIANT_PARAM, ...old, ...names, 'show', 'ops', 'step']);
  if (problem) return { ok: false, message: problem };
  const oldGiven = old.find((o) => params.has(o));
  if (params.has(VARIANT_PARAM) && oldGiven) {
    return { ok: false, message: `${VARIANT_PARAM} and ${oldGiven} both pick the view; give ${VARIANT_PARAM} only` };
  }
  // Errors name the parameter as the link spelled it.
  const param = oldGiven ?? VARIANT_PARAM;
  const view = params.get(param) ?? module.defaultVariant;
  const views = [...module.variants, 'race'];
  if (!views.includes(view)) {
    const choices = views.map((v) => `${param}=${v}`);
    return { ok: false, message: `${param}=${excerpt(view)} is not a view; expected ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}` };
  }
  const step = parseStep(params.get('step'));
  if (!step.ok) return step;
  const parts = parseParts(params.get('show'));
  if (!parts.ok) return parts;
  const settings: Record<string, string> = {};
  for (const n of names) {
    const v = params.get(n);
    if (v !== null) settings[n] = v;
  }
  return { ok: true, view, ops: params.get('ops') ?? '', step: step.step, settings, parts: parts.parts };
}
