// `npm run bench` under Node: the same suites, runner, statistics and report as the browser,
// with forks as worker threads. Entered through web/src/cli.ts, which registers the
// suites; bundled for Node by web/scripts/bench.mjs.
import { execFileSync } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, getPriority, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as wasm from '../wasm/bench-pkg/hotpath_wasm.js';
import type { ForkChannel, ForkHost, ForkReply } from '../bench/protocol';
import { rowLabel, rowName, runSuite } from '../bench/runner';
import type { SuiteRun } from '../bench/suites';
import { VERDICT_MARK, isNoisy, jmhTable, toCsv } from '../bench/report';
import { VERDICT_CONFIDENCE } from '../bench/ratio';
import { forPreset } from '../bench/verdict';
import { describeEnvironment, formatMs, type Environment } from '../bench/environment';
import { PRESETS, kernelParams, type ExtraTable, type Suite } from '../bench/suites';
import { suiteByName } from '../bench/registered';
import { summarize } from '../bench/stats';
import { javaVersion, jvmMissing, runJvm, type JvmScore } from './jvm';
import { familyOfSuite, kernelDigest } from '../../scripts/kernel-digest.mjs';

export interface CliOptions {
  suite: string;
  preset: 'quick' | 'full';
  json?: string;
  csv?: string;
  only?: string;
  native: boolean;
  /** Also run the JVM originals (jvm/), and with `saveJvm` keep their scores in jvm/results/. */
  jvm: boolean;
  saveJvm: boolean;
  /** Run the JVM originals alone (no wasm rows): refreshes jvm/results with --save-jvm. */
  jvmOnly?: boolean;
  /** Keep this run in web/src/bench/results/<suite>.json, shown by the panel until its reader runs it. */
  saveWasm?: boolean;
  root: string;
}

function nodeHost(wasmPath: string): ForkHost {
  const forkScript = join(dirname(fileURLToPath(import.meta.url)), 'nodeFork.mjs');
  return {
    spawn(): ForkChannel {
      const worker = new Worker(forkScript, { workerData: { wasmPath } });
      let listener: (m: ForkReply) => void = () => {};
      worker.on('message', (m: ForkReply) => listener(m));
      worker.on('error', (e) => listener({ type: 'error', message: e.message }));
      return {
        send: (msg) => worker.postMessage(msg),
        onMessage: (cb) => {
          listener = cb;
        },
        terminate: () => void worker.terminate(),
      };
    },
  };
}

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: x >= 100 ? 0 : 2 });

/** A suite's table as text columns. */
function textTable(t: ExtraTable): string[] {
  const all = [t.head, ...t.rows];
  const widths = t.head.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  return [t.caption + ':', ...all.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '))];
}

/** Runs the same kernels natively (crates/core/benches/kernels.rs, given this suite's rows) with the same preset. */
function runNative(root: string, suite: Suite, o: CliOptions): Map<string, number[]> {
  const p = PRESETS[o.preset];
  const rows = suite.rows.map((r) => `${r.id}|${r.kernel.suite}|${kernelParams(r.kernel)}|${r.maxBatch}`).join(';');
  const args = ['bench', '-q', '--manifest-path', join(root, 'crates', 'Cargo.toml'), '-p', 'hotpath-core', '--bench', 'kernels', '--', '--rows', rows,
    '--forks', String(p.forks), '--warmup', String(p.warmupIterations), '--iterations', String(p.measurementIterations),
    '--iteration-ms', String(p.iterationMs), ...(o.only ? ['--only', o.only] : [])];
  process.stderr.write('Running the native kernels (cargo bench) …\n');
  const out = execFileSync('cargo', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
  const samples = new Map<string, number[]>();
  for (const line of out.split('\n')) {
    if (!line.startsWith('{')) continue;
    const r = JSON.parse(line) as { id: string; samples: number[] };
    samples.set(r.id, r.samples);
  }
  return samples;
}

/** The JVM originals' scores with what a reader needs to weigh them: machine, JDK, date, preset, load. */
function saveJvmResults(root: string, suite: Suite, preset: string, jvm: Record<string, JvmScore>, load: number[]) {
  const dir = join(root, 'jvm', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite.name}.json`);
  writeFileSync(file, JSON.stringify({
    suite: suite.name, measured: new Date().toISOString().slice(0, 10), java: javaVersion(),
    machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`, preset,
    // The 1-minute load average before and after: how busy the machine was beside the run; and
    // the run's scheduling priority (nice), where it was raised above the rest of the machine's.
    load: load.map((x) => Number(x.toFixed(2))), nice: getPriority(), rows: jvm,
  }, null, 2) + '\n');
  process.stderr.write(`Wrote ${file}\n`);
}

/** `--jvm-only`: the JVM originals alone, Score ± Error per row. */
async function runJvmOnly(o: CliOptions, suite: Suite): Promise<void> {
  const missing = jvmMissing();
  if (missing) throw new Error(missing);
  if (!suite.jvm) throw new Error(`${suite.name} has no JVM side`);
  const load = [loadavg()[0]];
  const jvm = Object.fromEntries(await runJvm(o.root, suite, PRESETS[o.preset], o.only));
  load.push(loadavg()[0]);
  const lines = [`# The JVM originals of ${suite.name} (${suite.jvm.what}; JMH 1.37, ${javaVersion()}), ${o.preset} preset`, ''];
  for (const row of suite.rows) {
    const j = jvm[row.id];
    if (j) lines.push(`${rowLabel(suite, row).padEnd(58)}${fmt(j.score).padStart(16)} ± ${fmt(j.error)}${isNoisy({ mean: j.score, error: j.error }) ? '  noisy' : ''}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  if (o.saveJvm) saveJvmResults(o.root, suite, o.preset, jvm, load);
  if (o.json) writeFileSync(o.json, JSON.stringify({ suite: suite.name, preset: o.preset, jvm }, null, 2));
}

/**
 * The JVM originals of a suite run now, with a preset, for `--chromium`/`--firefox --jvm`: each
 * row by the name the benchmark page gives it, or why they cannot run here.
 */
export async function liveJvmColumn(root: string, suiteName: string, presetName: 'quick' | 'full'):
Promise<{ missing: string } | { what: string; java: string; load: number[]; rows: { name: string; score: number; error: number }[] }> {
  const suite = suiteByName(suiteName);
  if (!suite) throw new Error(`unknown suite "${suiteName}"`);
  const missing = jvmMissing() ?? (suite.jvm ? null : `${suite.name} has no JVM side.`);
  if (missing || !suite.jvm) return { missing: missing! };
  const load = [loadavg()[0]];
  const scores = await runJvm(root, suite, PRESETS[presetName]);
  load.push(loadavg()[0]);
  const rows = suite.rows.filter((r) => scores.has(r.id)).map((r) => ({ name: rowName(suite, r), score: scores.get(r.id)!.score, error: scores.get(r.id)!.error }));
  return { what: suite.jvm.what, java: javaVersion(), load: load.map((x) => Number(x.toFixed(2))), rows };
}

export async function runCli(o: CliOptions): Promise<SuiteRun | undefined> {
  const suite = suiteByName(o.suite);
  if (!suite) throw new Error(`unknown suite "${o.suite}"`);
  const preset = PRESETS[o.preset];
  const rows = o.only ? suite.rows.filter((r) => r.id.toLowerCase().includes(o.only!.toLowerCase())) : suite.rows;
  if (rows.length === 0) throw new Error(`--only ${o.only} matches no row; row ids look like ${suite.rows[0].id}`);
  if (o.jvmOnly) {
    await runJvmOnly(o, suite);
    return undefined;
  }
  const wasmPath = join(o.root, 'web', 'src', 'wasm', 'bench-pkg', 'hotpath_wasm_bg.wasm');
  wasm.initSync({ module: readFileSync(wasmPath) });
  const ctrl = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nCancelling: keeping the rows measured so far …\n');
    ctrl.abort();
  });
  const loadBefore = loadavg()[0];
  const run = await runSuite(suite, preset, nodeHost(wasmPath), {
    presetName: o.preset, rows, signal: ctrl.signal,
    onProgress: (p) => {
      if (!p.iteration) return;
      const left = p.remainingMs === undefined ? '' : `, about ${Math.ceil(p.remainingMs / 1000)} s left`;
      process.stderr.write(`\r\x1b[K[${p.row + 1}/${p.rows}] ${p.label} fork ${p.fork + 1}/${p.forks} ` +
        `${p.iteration.phase} ${p.iteration.index + 1}: ${fmt(p.iteration.score)} ops/s${left}`);
    },
  });
  process.stderr.write('\r\x1b[K');
  const env: Environment = {
    runtime: `Node ${process.version} (V8 ${process.versions.v8}) on ${cpus()[0]?.model ?? 'an unknown CPU'}`,
    wasmProfile: wasm.build_profile(), crossOriginIsolated: null, timerResolutionMs: run.resolutionMs, cores: cpus().length,
  };
  const lines: string[] = [];
  lines.push(`# ${suite.title} (${suite.name}), ${o.preset} preset: ${preset.forks} fork(s) × ${preset.warmupIterations} warmup + ` +
    `${preset.measurementIterations} measurement iterations of ${preset.iterationMs} ms`);
  lines.push(`# ${describeEnvironment(env)}`, '', jmhTable(suite, run), '');
  lines.push(`Published: ${suite.source}. Measured: wasm in Node. Absolute numbers differ by machine,`,
    `runtime and language. ${suite.caveat} Compare the ratios.`, '');
  for (const t of suite.extras?.(run) ?? []) lines.push(...textTable(t), '');
  const comparisons = forPreset(run.preset, suite.compare(run));
  lines.push(`Verdicts, each judged on a ${Math.round(VERDICT_CONFIDENCE * 100)} % interval of its ratio (iterations of the compared rows measured side by side):`);
  for (const c of comparisons) lines.push(`${VERDICT_MARK[c.verdict]} ${c.sentence}`, `    compared with: ${c.published}`);

  let native: Record<string, { score: number; error: number; ratio: number }> | undefined;
  if (o.native) {
    const samples = runNative(o.root, suite, o);
    native = {};
    lines.push('', `Wasm vs native (the same Rust kernels compiled for ${process.arch}, run with the same preset):`);
    lines.push(`${'Row'.padEnd(58)}${'wasm ops/s'.padStart(16)}${'native ops/s'.padStart(16)}${'native÷wasm'.padStart(14)}`);
    for (const r of run.rows) {
      const ns = samples.get(r.row.id);
      if (r.status !== 'ok' || !ns?.length) continue;
      const s = summarize(ns);
      const ratio = s.mean / r.summary!.mean;
      native[r.row.id] = { score: s.mean, error: s.error, ratio };
      lines.push(`${rowLabel(suite, r.row).padEnd(58)}${fmt(r.summary!.mean).padStart(16)}${fmt(s.mean).padStart(16)}${`${ratio.toFixed(2)}×`.padStart(14)}`);
    }
  }
  let jvm: Record<string, JvmScore> | undefined;
  if (o.jvm || o.saveJvm) {
    const missing = jvmMissing();
    if (missing) {
      process.stderr.write(`${missing}\n`);
      lines.push('', missing);
    } else if (!suite.jvm) {
      lines.push('', `${suite.name} has no JVM side.`);
    } else {
      const load = [loadavg()[0]];
      jvm = Object.fromEntries(await runJvm(o.root, suite, preset, o.only));
      load.push(loadavg()[0]);
      lines.push('', `Wasm, native and the JVM originals (${suite.jvm.what}; JMH 1.37, ${javaVersion()}, the same preset):`);
      lines.push(`${'Row'.padEnd(58)}${'wasm ops/s'.padStart(15)}${native ? 'native ops/s'.padStart(15) : ''}${'JVM ops/s ± error'.padStart(28)}` +
        `${'wasm÷JVM'.padStart(11)}${native ? 'native÷wasm'.padStart(13) : ''}`);
      for (const r of run.rows) {
        const j = jvm[r.row.id];
        if (r.status !== 'ok' || !j) continue;
        const w = r.summary!.mean;
        const n = native?.[r.row.id];
        const jvmCell = `${fmt(j.score)} ± ${fmt(j.error)}${isNoisy({ mean: j.score, error: j.error }) ? ' noisy' : ''}`;
        lines.push(`${rowLabel(suite, r.row).padEnd(58)}${fmt(w).padStart(15)}${native ? (n ? fmt(n.score) : '—').padStart(15) : ''}${jvmCell.padStart(28)}` +
          `${`${(w / j.score).toFixed(2)}×`.padStart(11)}${native ? (n ? `${n.ratio.toFixed(2)}×` : '—').padStart(13) : ''}`);
      }
      if (o.saveJvm) saveJvmResults(o.root, suite, o.preset, jvm, load);
    }
  }
  if (o.saveWasm) {
    const file = join(o.root, 'web', 'src', 'bench', 'results', `${suite.name}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({
      suite: suite.name, measured: new Date().toISOString().slice(0, 10), runtime: `Node ${process.version} (V8 ${process.versions.v8}), wasm ${wasm.build_profile()}`,
      machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`, load: [loadBefore, loadavg()[0]].map((x) => Number(x.toFixed(2))), nice: getPriority(),
      // The code it measured: the page and a test hold the run to these sources (kernel-digest.mjs).
      code: { digest: kernelDigest(o.root, familyOfSuite(o.root, suite.name)!), commit: headCommit(o.root) },
      // Rows by id only: the panel binds them to the suite's rows when it loads the file.
      run: { ...run, rows: run.rows.map((r) => ({ ...r, row: { id: r.row.id } })) },
    }, null, 1) + '\n');
    process.stderr.write(`Wrote ${file}\n`);
  }
  lines.push('', `Timer resolution seen by the forks: ${run.resolutionMs === undefined ? 'unknown' : formatMs(run.resolutionMs)}; ` +
    `${run.rows.filter((r) => r.singleShot).length} row(s) timed single-shot (one invocation per iteration).`);
  process.stdout.write(lines.join('\n') + '\n');
  // Each output on its own: one that fails (a disk filled during the run) must not cost the other.
  const outputs: [string | undefined, () => string][] = [
    [o.json, () => JSON.stringify({ ...run, environment: env, verdictConfidence: VERDICT_CONFIDENCE, comparisons, native, jvm }, null, 2)],
    [o.csv, () => toCsv(suite, run)],
  ];
  const failures: string[] = [];
  for (const [path, body] of outputs) {
    if (!path) continue;
    try {
      writeFileSync(path, body());
      process.stderr.write(`Wrote ${path}\n`);
    } catch (e) {
      failures.push(`${path}: ${(e as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`the results above were measured, but could not be written to ${failures.join('; ')}`);
  return run;
}

/** The commit the working tree is on (with "+changes" when it has uncommitted ones), or undefined outside a git checkout. */
export function headCommit(root: string): string | undefined {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short=12', 'HEAD');
  if (head.status !== 0) return undefined;
  const dirty = git('status', '--porcelain', '--', 'crates', 'web/src').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+changes' : ''}`;
}
