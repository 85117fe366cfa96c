// `npm run bench -- <family>-threads [--native] [--json F] [--save-wasm]`: a family's threaded
// benchmark under Node (worker threads on one shared wasm memory), and natively with --native.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as glue from '../wasm/threads-pkg/hotpath_threads.js';
import { familyOfSuite, kernelDigest } from '../../scripts/kernel-digest.mjs';
import { headCommit } from './suiteCli';
import type { CommittedThreadRun } from '../threads/committed';
import { delivered, mean, measureAll, rowId, threadHandle, type ThreadHost, type ThreadRowResult, type ThreadSet } from '../threads/harness';

export interface ThreadsCliOptions {
  set: ThreadSet;
  preset: 'quick' | 'full';
  native: boolean;
  json?: string;
  /** Keep the run in web/src/threads/results/<set>.json: the page shows it where it cannot run the race. */
  save?: boolean;
  root: string;
  /** The bundled worker script. */
  workerPath: string;
}

function nodeHost(workerPath: string): ThreadHost {
  return {
    now: () => performance.timeOrigin + performance.now(),
    spawn(job) {
      const w = new Worker(workerPath);
      const handle = threadHandle((onMessage, onError) => {
        w.on('message', onMessage);
        w.on('error', onError);
      }, () => void w.terminate());
      w.postMessage(job);
      return handle;
    },
  };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

export async function runThreadsCli(o: ThreadsCliOptions): Promise<void> {
  const perProducer = o.preset === 'full' ? 10_000_000 : 2_000_000;
  const repeats = o.preset === 'full' ? 5 : 3;
  const loadBefore = loadavg()[0];
  const module = new WebAssembly.Module(readFileSync(join(o.root, 'web/src/wasm/threads-pkg/hotpath_threads_bg.wasm')));
  const exports = glue.initSync({ module }) as unknown as { memory: WebAssembly.Memory };
  process.stderr.write(`${o.set.heading}, across worker threads: ${fmt(perProducer)} a row, ${repeats} runs each, ${availableParallelism()} cores …\n`);
  const results = await measureAll(nodeHost(o.workerPath), glue, module, exports.memory, perProducer, repeats,
    (r, i) => process.stderr.write(`[${i + 1}] ${r.row.title}, ${r.row.producers}P1C: ${fmt(mean(r.samples.map((s) => s.opsPerSecond)))} ops/s\n`), o.set.rows);
  let native: Record<string, number[]> | undefined;
  if (o.native) {
    process.stderr.write('Running the same harness on native threads (cargo bench) …\n');
    const r = spawnSync('cargo', ['bench', '-q', '--manifest-path', join(o.root, 'crates', 'Cargo.toml'), '-p', 'hotpath-threads', '--bench', 'threads', '--',
      '--per-producer', String(perProducer), '--repeats', String(repeats)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (r.status !== 0) throw new Error('the native threaded benchmark failed (cargo bench -p hotpath-threads)');
    const wanted = new Set(o.set.rows.map(rowId));
    native = Object.fromEntries(r.stdout.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => {
      const j = JSON.parse(l) as { id: string; samples: number[] };
      return [j.id, j.samples];
    }).filter(([id]) => wanted.has(id as string)));
  }
  console.log(table(results, o.set, native));
  if (o.json) writeFileSync(o.json, JSON.stringify({ set: o.set.name, perProducer, repeats, cores: availableParallelism(), results, native }, null, 2));
  if (o.save) {
    const file = join(o.root, 'web', 'src', 'threads', 'results', `${o.set.name}.json`);
    mkdirSync(dirname(file), { recursive: true });
    const family = familyOfSuite(o.root, o.set.cli)!;
    const saved: CommittedThreadRun = {
      set: o.set.name, cli: o.set.cli, measured: new Date().toISOString().slice(0, 10),
      runtime: `Node ${process.version} (V8 ${process.versions.v8}), worker threads`,
      machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`,
      load: [loadBefore, loadavg()[0]].map((x) => Number(x.toFixed(2))), perProducer, repeats,
      // The code it measured: the page and a test hold the run to these sources (kernel-digest.mjs).
      code: { digest: kernelDigest(o.root, family, o.set.cli), commit: headCommit(o.root) },
      results: results.map((r) => ({ id: rowId(r.row), samples: r.samples })),
    };
    writeFileSync(file, JSON.stringify(saved, null, 1) + '\n');
    process.stderr.write(`Wrote ${file}\n`);
  }
}

export function table(results: ThreadRowResult[], set: Pick<ThreadSet, 'columns'>, native?: Record<string, number[]>): string {
  const columns = set.columns.filter((c) => !c.pageOnly);
  const cells = results.map(({ row, samples }) => columns.map((c) => c.cell(samples, row)));
  const width = columns.map((c, i) => Math.max(c.head.length, ...cells.map((r) => r[i].length)) + 2);
  const head = `${'row'.padEnd(26)}${'threads'.padEnd(9)}${columns.map((c, i) => c.head.padStart(width[i])).join('')}` +
    `${native ? 'native ops/s'.padStart(15) + 'native÷wasm'.padStart(13) : ''}`;
  const lines = results.map(({ row, samples }, k) => {
    const ops = mean(samples.map((s) => s.opsPerSecond));
    const n = native?.[rowId(row)];
    return `${row.title.padEnd(26)}${`${row.producers}P 1C`.padEnd(9)}${cells[k].map((c, i) => c.padStart(width[i])).join('')}` +
      (n ? `${fmt(mean(n)).padStart(15)}${`${(mean(n) / ops).toFixed(2)}×`.padStart(13)}` : '') + (delivered(samples) ? '' : '  ✗ lost, reordered or handed out twice');
  });
  return [head, ...lines].join('\n');
}
