// Every label the families' tables show agrees with the frame it is read from, at every step of
// random scripts, for every registered family and variant (issue 48, item 10): each family's
// check is its folder's agreement.ts; this file names no family. The other half, each step's
// sentence against its highlighted pseudocode line, is crates/core/src/says.rs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import './index';
import { familyModule, familyNames, type AgreementCheck } from '../registry/family';
import { byFolderName } from './folders';
import { counterRows } from '../player/CountersPanel';
import { describeWork, workOf } from '../registry/work';
import { encodeSettings, parseScript } from '../script/parse';
import { traceScript } from '../script/run';
import { familySchema, variantSpec, type FamilySchema } from '../script/schema';
import { Frame } from '../script/frame';
import { FrameReplay } from '../script/replay';
import { randomInt, rng } from '../exercises/rng';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

/** Each family's check of its tables against the frame (`agreement.ts` in its folder). */
const CHECKS = new Map([...byFolderName(import.meta.glob<{ agreement: AgreementCheck }>('../*/agreement.ts', { eager: true }))]
  .map(([family, m]) => [family, m.agreement]));

/** A random script of the family's commands, small enough to draw, with random settings. */
function randomScript(schema: FamilySchema, seed: string): { text: string; settings: Record<string, string> } {
  const r = rng(seed);
  const names = ['A', 'B', 'C'].slice(0, schema.threads ? randomInt(r, 1, 3) : 0);
  const commands = Array.from({ length: randomInt(r, 1, 12) }, () => {
    const op = schema.ops[randomInt(r, 0, schema.ops.length - 1)];
    const args = op.args.map((a) => {
      const span = /ms|delay/.test(a.what) ? [40, 1000, 200000][randomInt(r, 0, 2)]
        : /count/.test(a.what) ? 12 : /ID/.test(a.what) ? 8 : /get/.test(a.what) ? 6 : 60;
      return randomInt(r, a.min, Math.min(a.max, a.min + span));
    });
    const who = names.length ? `${names[randomInt(r, 0, names.length - 1)]}: ` : '';
    return `${who}${[op.name, ...args].join(' ')}`;
  });
  const settings: Record<string, string> = {};
  for (const s of schema.settings) {
    if (s.name === 'capacity') settings.capacity = String(randomInt(r, 1, 4));
    if (s.name === 'schedule' && r() < 0.5) settings.schedule = `random ${randomInt(r, 0, 1000)}`;
    if (s.name === 'assertions' && r() < 0.5) settings.assertions = 'on';
    if (s.name === 'max-capacity' && r() < 0.3) settings['max-capacity'] = String(randomInt(r, 1, 4));
  }
  return { text: commands.join(', '), settings };
}

describe('every label in the tables agrees with the frame', () => {
  it('has a check for every registered family', () => {
    expect([...CHECKS.keys()].sort()).toEqual(familyNames().sort());
  });

  for (const family of familyNames()) {
    it(`${family}: at every step of 100 random scripts, on every variant`, () => {
      const schema = familySchema(family);
      let checked = 0;
      for (let s = 0; s < 100; s++) {
        const { text, settings } = randomScript(schema, `${family}/${s}`);
        const parsed = parseScript(text, schema);
        if (!parsed.ok) continue;
        for (const v of schema.variants) {
          const traced = traceScript(family, parsed.commands, [v.name], encodeSettings(parsed.threads, settings));
          if (!traced.ok) continue; // refused by the planner, or by this variant's contract
          const t = traced.traces[v.name];
          const replay = new FrameReplay(t);
          for (let k = 0; k <= t.length; k++) {
            const wrong = CHECKS.get(family)!(new Frame(t.schema, replay.frameAt(k)), t, k);
            expect(wrong, `${family}/${v.name} "${text}" ${JSON.stringify(settings)}, after step ${k}: ${k > 0 ? t.text(k - 1) : 'start'}`).toEqual([]);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }
});

describe('“work”: one declared sum, the same in the counters table, the tally and the narration (issue 57)', () => {
  for (const family of familyNames()) {
    it(`${family}: at every operation of 30 random scripts, on every variant`, () => {
      const module = familyModule(family)!;
      const schema = familySchema(family);
      const kinds = new Set(schema.kinds.map((k) => k.name));
      for (const w of module.work) expect(kinds, `${family}'s work counts “${w.kind}”`).toContain(w.kind);
      const problems: string[] = [];
      let checked = 0;
      for (let s = 0; s < 30 && problems.length < 5; s++) {
        const { text, settings } = randomScript(schema, `${family}/work/${s}`);
        const parsed = parseScript(text, schema);
        if (!parsed.ok) continue;
        for (const variant of module.raceVariants ?? module.variants) {
          const traced = traceScript(family, parsed.commands, [variant], encodeSettings(parsed.threads, settings));
          if (!traced.ok) continue;
          const t = traced.traces[variant];
          const replay = new FrameReplay(t);
          for (const k of [...t.completions, t.length]) {
            checked++;
            const total = new Frame(t.schema, replay.frameAt(k)).counts('total');
            const rows = counterRows(variantSpec(t.schema, variant).counters, module.work, total);
            const shown = module.work.filter((w) => rows.includes(w.kind)).reduce((n, w) => n + total[w.kind], 0);
            const said = (describeWork(module.work, total).match(/\d[\d,]*/g) ?? []).reduce((n, d) => n + Number(d.replace(/,/g, '')), 0);
            const sum = workOf(module.work, total);
            if (shown !== sum || said !== sum) problems.push(`${variant} “${text}” at step ${k}: the table's work rows add to ${shown}, the words to ${said}, the sum is ${sum}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(30);
    });
  }
});
