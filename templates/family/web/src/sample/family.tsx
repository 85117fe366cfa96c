// The "sample" family as the site sees it: its drawing, its counters in words, its script help.
// (From templates/family/: copy the folder to web/src/<family>/ and rename "sample", as
// CONTRIBUTING.md's "Adding a structure family" says; the catalog finds it by its family.tsx and
// family.json.)
import './sample.css';
import type { FamilyManifest, FamilyModule, ViewProps } from '../registry/family';
import { num } from '../util/format';
import type { WorkKind } from '../registry/work';
import { LIMITS, OLD_VARIANT_PARAM, VARIANTS, type Frame } from './schema.gen';

/** Slot writes and array copies: the work a push does (a family with more keeps this in its work.ts). */
export const SAMPLE_WORK: readonly WorkKind[] = [
  { kind: 'write', one: 'slot write' },
  { kind: 'copy', one: 'array copy', many: 'array copies' },
];

function SampleView({ frame }: ViewProps) {
  const f = frame as Frame;
  const length = Math.min(f.get('length'), LIMITS.drawnSlots);
  const slots = f.list('slot', length);
  const focus = f.get('focus');
  return (
    <ol className="sample-array scrolls" aria-label={`The array: ${f.get('size')} of ${f.get('length')} slots in use`}>
      {slots.map((v, i) => <li key={i} className={i === focus ? 'focus' : undefined}>{v < 0 ? '–' : v}</li>)}
    </ol>
  );
}

function SampleHelp() {
  return (
    <ul>
      <li><code>push N</code> pushes N; <code>pop</code> pops; <code>fill N</code> pushes 1 … N.</li>
      <li>Limits: drawn for up to {num(LIMITS.drawnOperations)} operations; larger scripts are counted only.</li>
    </ul>
  );
}

export const sampleFamily: FamilyModule = {
  name: 'sample',
  oldVariantParam: OLD_VARIANT_PARAM,
  variants: [...VARIANTS],
  defaultVariant: 'doubling',
  noun: ['value', 'values'],
  raceTitle: 'Race: doubling against growing by one',
  View: SampleView,
  work: SAMPLE_WORK,
  Help: SampleHelp,
  drawLimits: () => `${num(LIMITS.drawnOperations)} operations`,
};

export const manifest: FamilyManifest = { module: sampleFamily };
