// Every label the families' tables show agrees with the frame it is read from, at every step of
// random scripts, for every registered family and variant (issue 48, item 10). The other half,
// each step's sentence against its highlighted pseudocode line, is crates/core/tests/narration.rs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import './index';
import { familyModule, familyNames } from '../registry/family';
import { counterRows } from '../player/CountersPanel';
import { describeWork, workOf } from '../registry/work';
import { encodeSettings, parseScript } from '../script/parse';
import { traceScript } from '../script/run';
import { familySchema, variantSpec, type FamilySchema } from '../script/schema';
import { Frame } from '../script/frame';
import { FrameReplay } from '../script/replay';
import { stepAt, type Trace } from '../script/trace';
import { randomInt, rng } from '../exercises/rng';
import { heapViewModel } from '../arrayHeap/viewModel';
import { fieldRows, threadCells, threadRows } from '../queue/viewModel';
import { objectName, objectRows, placeText, queuesOf, threadColumns } from '../recycler/viewModel';
import { wheelModel } from '../wheel/viewModel';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

/** What disagrees with the frame after `k` steps, in words (nothing: all agree). */
type Check = (f: Frame, t: Trace, k: number) => string[];

const heap: Check = (f, t) => {
  const out: string[] = [];
  const vm = heapViewModel(f, { label: (c) => t.entityLabels[c], indexed: t.variant === 'indexed' });
  const size = f.get('size');
  if (vm.cells.length !== size) out.push(`${vm.cells.length} cells for size ${size}`);
  vm.cells.forEach((c) => {
    const code = f.get('slot', c.slot);
    const want = code < 0 ? '–' : t.entityLabels[code];
    if (c.label !== want) out.push(`slot ${c.slot} says ${c.label}, the frame holds ${want}`);
  });
  const inHand = vm.nodes.filter((n) => n.place === 'hand').length;
  if (inHand !== (f.get('held') >= 0 ? 1 : 0)) out.push(`${inHand} timers drawn in hand, held = ${f.get('held')}`);
  return out;
};

/** The method a listing's line is in: the name on the last unindented line at or above it. */
function methodOf(code: string[], line: number): string {
  for (let l = line; l >= 0; l--) if (!code[l].startsWith(' ')) return code[l].split('(')[0];
  return '';
}

/** The methods each queue operation runs (its own, and those it calls). */
const QUEUE_CALLS: Record<string, string[]> = { offer: ['offer'], poll: ['poll', 'updateHead'], size: ['size', 'first', 'updateHead'] };

const queue: Check = (f, t) => {
  const out: string[] = [];
  const code = variantSpec(t.schema, t.variant).pseudocode;
  const rows = threadRows(f, t);
  for (const r of rows) {
    const { operation, next } = threadCells(r);
    if (r.state === 'running') {
      if (r.line < 0) out.push(`${r.name} is running with no next line`);
      else if (next !== code[r.line].trim()) out.push(`${r.name}'s next step says ${next}, its line is ${code[r.line].trim()}`);
      if (operation.includes('→')) out.push(`${r.name} is running, yet its operation shows a result: ${operation}`);
      const op = (r.label ?? '').replace(/^[^:]*:\s*/, '').split(' ')[0];
      const method = methodOf(code, r.line);
      if (!(QUEUE_CALLS[op] ?? []).includes(method)) out.push(`${r.name}'s ${op} shows its next step in ${method}()`);
    } else if (r.line !== -1) {
      out.push(`${r.name} is ${r.state}, yet its next line is ${r.line}`);
    }
  }
  for (const row of fieldRows(f, t.variant, (i) => rows[i]?.name ?? '?')) {
    const holder = /^held by (.*)$/.exec(row.value)?.[1];
    if (row.name === 'lock' && holder !== undefined && rows.find((r) => r.name === holder)?.state !== 'running') {
      out.push(`the lock is held by ${holder}, which is not in an operation`);
    }
  }
  return out;
};

const recycler: Check = (f, t, k) => {
  const out: string[] = [];
  const threads = threadColumns(f, t);
  const name = (i: number) => threads[i]?.name ?? `thread ${i}`;
  const rows = objectRows(f);
  const total = f.counts('total');
  const kind = k > 0 ? t.schema.kinds[stepAt(t, k - 1).kind].name : 'none';
  for (const c of threads) {
    // Before the rewrite a pop with assertions clears its slot while the new size is a local:
    // inside the size there may be that one empty slot, mid-get, or one a failed assertion left.
    const cleared = c.slots.slice(0, c.size).filter((x) => x.object === null).map((x) => x.index);
    const explained = t.variant === 'before'
      && (total.fault > 0 || (c.outcome === 'running' && cleared.length === 1 && cleared[0] === c.size - 1));
    if (cleared.length > 0 && !explained) out.push(`${c.name}'s stack says size ${c.size} with ${c.pooled.length} pooled`);
  }
  const dropped = rows.filter((r) => r.place.kind === 'dropped').length;
  if (dropped > total.drop) out.push(`${dropped} objects dropped (garbage), ${total.drop} counted dropped`);
  for (const r of rows) {
    const o = objectName(r.object);
    const p = r.place;
    const said = `${o} is "${placeText(p, name)}"`;
    const c = threads[p.at];
    switch (p.kind) {
      case 'held': if (f.get('object_holder', r.object) !== p.at) out.push(`${said}, its holder is ${f.get('object_holder', r.object)}`); break;
      case 'pooled':
        if (!c || p.slot >= c.size || c.slots[p.slot]?.object !== r.object) out.push(`${said}, not below ${name(p.at)}'s size`);
        break;
      case 'queued': {
        const q = threads.flatMap((x) => queuesOf(f, x.index)).find((b) => b.queue === p.at);
        if (!q?.links.some((l) => l.slots.slice(l.read, l.write).includes(r.object))) out.push(`${said}, not published in that queue`);
        break;
      }
      case 'moving':
        if (kind !== 'transfer') out.push(`${said} after a ${kind} step, not mid-transfer`);
        if (!c || p.slot < c.size || c.slots[p.slot]?.object !== r.object) out.push(`${said}, not above the size`);
        break;
      case 'made': case 'popped': case 'recycling':
        if (c?.outcome !== 'running') out.push(`${said}, while ${name(p.at)} is not in an operation`);
        break;
      case 'dropped': break;
      default: if (total.fault === 0) out.push(`${said} with no exception thrown`);
    }
  }
  return out;
};

const wheel: Check = (f, t) => {
  const out: string[] = [];
  const size = t.schema.limits.wheelSize;
  const m = wheelModel(f, size);
  for (const l of m.levels) if (l.interval !== l.tick * size) out.push(`level ${l.level}: interval ${l.interval}, tick ${l.tick}`);
  const fired = new Set(m.fired.map((x) => x.timer));
  for (const b of m.buckets) {
    const at = b.level * size + b.slot;
    if (b.timers.length !== f.get('bucket_count', at)) out.push(`L${b.level}[${b.slot}] lists ${b.timers.length} of ${f.get('bucket_count', at)}`);
    for (const x of b.timers) {
      if (f.get('timer_bucket', x) !== at) out.push(`${t.entityLabels[x]} listed in L${b.level}[${b.slot}], its bucket is ${f.get('timer_bucket', x)}`);
      if (fired.has(x)) out.push(`${t.entityLabels[x]} is in L${b.level}[${b.slot}] and fired`);
    }
  }
  return out;
};

const CHECKS: Record<string, Check> = { heap, queue, recycler, wheel };

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
    expect(Object.keys(CHECKS).sort()).toEqual(familyNames().sort());
  });

  for (const family of ['heap', 'queue', 'recycler', 'wheel']) {
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
            const wrong = CHECKS[family](new Frame(t.schema, replay.frameAt(k)), t, k);
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
