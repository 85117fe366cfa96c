// The JVM column of `npm run bench -- <suite> --jvm`: the suite's JMH projects under jvm/, built
// with Maven when their jar is missing or older than their sources, run with the preset's forks
// and iterations, and their results matched to the lab's rows. Node only (the CLI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowOfJmh, type JmhResult, type Preset, type Suite } from '../bench/suites';

export interface JvmScore {
  score: number;
  error: number;
  /** Every measurement iteration's score, fork after fork (JMH's rawData): intervals on ratios need them. */
  samples?: number[];
}

/** Why the JVM column cannot run here (and how to fix it), or null. */
export function jvmMissing(): string | null {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    return 'The JVM column needs a JDK (17 or later) and Maven on the PATH, and neither java was found. ' +
      'On Debian or Ubuntu: apt-get install openjdk-17-jdk-headless maven; elsewhere https://adoptium.net and https://maven.apache.org. ' +
      'The wasm (and native) rows still run.';
  }
  return null;
}

/** `java -version`'s first line: "openjdk version "17.0.15" 2025-04-15". */
export function javaVersion(): string {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return (r.stderr || r.stdout || '').split('\n')[0].trim();
}

function newestSource(dir: string): number {
  let newest = statSync(join(dir, 'pom.xml')).mtimeMs;
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else newest = Math.max(newest, st.mtimeMs);
    }
  };
  walk(join(dir, 'src'));
  return newest;
}

/** Builds the jar unless it is newer than every source. */
function ensureJar(root: string, project: string, jar: string, build: string[] = []): string {
  const dir = join(root, project);
  const path = join(dir, jar);
  if (existsSync(path) && statSync(path).mtimeMs > newestSource(dir)) return path;
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) throw new Error(`building ${project} needs Maven (mvn) on the PATH; on Debian: apt-get install maven`);
  process.stderr.write(`Building ${project} (${jar}) with Maven …\n`);
  const r = spawnSync('mvn', ['-B', '-q', 'package', '-f', join(dir, 'pom.xml'), ...build.map((b) => `-D${b}`)], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`mvn package failed in ${project}`);
  return path;
}

/** JMH options for a lab preset: the same forks, warmup and measurement iterations and their length. */
export function jmhOptions(p: Preset): string[] {
  return ['-f', String(p.forks), '-wi', String(p.warmupIterations), '-w', `${p.iterationMs}ms`,
    '-i', String(p.measurementIterations), '-r', `${p.iterationMs}ms`];
}

function runJmh(jar: string, args: string[]): Promise<JmhResult[]> {
  const out = join(mkdtempSync(join(tmpdir(), 'hotpath-jmh-')), 'results.json');
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-jar', jar, ...args, '-rf', 'json', '-rff', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const show = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      for (const line of chunk.toString().split('\n')) {
        if (line.startsWith('# Benchmark:') || line.startsWith('# Parameters:')) process.stderr.write(`  ${line.slice(2)}\n`);
      }
    };
    child.stdout.on('data', show);
    child.stderr.on('data', show);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`JMH exited with ${code}:\n${tail}`));
      else resolve(JSON.parse(readFileSync(out, 'utf8')) as JmhResult[]);
    });
  });
}

/** Runs every JMH run of the suite; returns the JVM's score per lab row id. */
export async function runJvm(root: string, suite: Suite, preset: Preset, only?: string): Promise<Map<string, JvmScore>> {
  if (!suite.jvm) throw new Error(`${suite.name} has no JVM side`);
  const scores = new Map<string, JvmScore>();
  for (const run of suite.jvm.runs) {
    const jar = ensureJar(root, run.project, run.jar, run.build);
    process.stderr.write(`Running ${run.include} on the JVM (${run.project}${run.jvmArgs ? `, ${run.jvmArgs.join(' ')}` : ''}) …\n`);
    const results = await runJmh(jar, [run.include, ...jmhOptions(preset), ...(run.jvmArgs?.length ? ['-jvmArgsAppend', run.jvmArgs.join(' ')] : [])]);
    for (const r of results) {
      const row = rowOfJmh(suite, run, r);
      if (!row || (only && !row.id.toLowerCase().includes(only.toLowerCase()))) continue;
      if (r.primaryMetric.scoreUnit !== 'ops/s') throw new Error(`${r.benchmark} reports ${r.primaryMetric.scoreUnit}, not ops/s`);
      scores.set(row.id, {
        score: r.primaryMetric.score,
        error: Number.isFinite(r.primaryMetric.scoreError) ? r.primaryMetric.scoreError : 0,
        samples: (r.primaryMetric.rawData ?? []).flat(),
      });
    }
  }
  return scores;
}
