// `npm run bench -- purgatory [--quick|--full]`: the purgatory saturation sweep under Node, with
// the same sweep code and verdicts as the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as wasm from '../wasm/pkg/hotpath_wasm.js';
import { ENTRIES_RATE, runSweep, SWEEPS, entriesOverTime, type SimFactory } from './purgatorySweep';
import { CASES, costBound, describeRange, sustainable, verdicts, type Case, type Design, type Point } from './saturation';
import { csvTable } from '../util/csv';
import { VERDICT_MARK } from '../bench/report';

export interface PurgatoryCliOptions {
  preset: 'quick' | 'full';
  json?: string;
  csv?: string;
  root: string;
}

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: x >= 100 ? 0 : 3 });

export function runPurgatoryCli(o: PurgatoryCliOptions): Point[] {
  wasm.initSync({ module: readFileSync(join(o.root, 'web', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')) });
  const factory: SimFactory = (params) => new wasm.Simulation('purgatory', params);
  const s = SWEEPS[o.preset];
  const cases: Case[] = ['low', 'high'];
  const started = performance.now();
  const points = runSweep(factory, performance, s, cases, () => {}, (p) => {
    process.stderr.write(`\r\x1b[K[${p.done}/${p.total}] ${p.label}`);
  });
  process.stderr.write('\r\x1b[K');
  const lines: string[] = [
    `# Kafka purgatory saturation (${o.preset} sweep): timeout 200 ms, 3 keys, seeds 1–${s.seeds}; ${s.warmupMs} ms simulated warmup, ` +
    `${s.measureMs} ms measured per point, ${s.budgetMs} ms wall budget per point`,
    `# wasm ${wasm.build_profile()} in Node ${process.version}; cost = seconds of one thread per simulated second, the load's own cost subtracted:`,
    `# the mean over the seeds, with its 95 % interval`,
    '',
  ];
  for (const c of cases) {
    lines.push(`${CASES[c].label}:`);
    lines.push(`${'rate/s'.padStart(10)}${'old cost'.padStart(26)}${'old keeps up'.padStart(14)}${'wheel cost'.padStart(26)}${'wheel keeps up'.padStart(16)}`);
    for (const rate of s.rates) {
      const at = (d: Design) => points.find((p) => p.case === c && p.design === d && p.rate === rate);
      const cell = (p: Point | undefined) => (p ? `${fmt(p.cost)} (${fmt(costBound(p, 'low'))}–${fmt(costBound(p, 'high'))})${p.partial ? '*' : ''}` : '—');
      const keep = (p: Point | undefined) => (p ? fmt(Math.round(sustainable(p))) : '—');
      lines.push(`${fmt(rate).padStart(10)}${cell(at('old')).padStart(26)}${keep(at('old')).padStart(14)}${cell(at('wheel')).padStart(26)}${keep(at('wheel')).padStart(16)}`);
    }
    const sat = (d: Design) => describeRange(points.filter((p) => p.case === c && p.design === d));
    lines.push(`  saturation: old ${sat('old')}, wheel ${sat('wheel')}`, '');
  }
  lines.push('* cut short at the time budget: extrapolated from the part simulated (a lower bound while still filling up).', '');
  for (const v of verdicts(points)) lines.push(`${VERDICT_MARK[v.verdict]} ${v.sentence}`);
  lines.push('', `Entries held after 1 s at ${fmt(ENTRIES_RATE)}/s, low timeout rate (timer side + watcher lists; of which completed; entries purges visited):`);
  for (const d of ['old', 'wheel'] as Design[]) {
    const last = entriesOverTime(factory, d, 'low', ENTRIES_RATE).at(-1)!;
    lines.push(`  ${d.padEnd(6)} ${fmt(last.timer)} + ${fmt(last.watchers)}; completed ${fmt(last.completedTimer)} + ${fmt(last.completedWatchers)}; purges visited ${fmt(last.purgeVisits)}`);
  }
  lines.push('', `Swept in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  process.stdout.write(lines.join('\n') + '\n');
  const failures: string[] = [];
  const outputs: [string | undefined, () => string][] = [
    [o.json, () => JSON.stringify({ preset: o.preset, settings: s, points, verdicts: verdicts(points) }, null, 2)],
    [o.csv, () => csvTable(['case', 'design', 'rate', 'cost', 'cost low', 'cost high', 'costs', 'partial', 'sustainable'],
      points.map((p) => [p.case, p.design, p.rate, p.cost, costBound(p, 'low'), costBound(p, 'high'), p.costs, p.partial, sustainable(p)]))],
  ];
  for (const [path, body] of outputs) {
    if (!path) continue;
    try {
      writeFileSync(path, body());
    } catch (e) {
      failures.push(`${path}: ${(e as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`the results above were measured, but could not be written to ${failures.join('; ')}`);
  return points;
}
