// Arguments of `npm run bench -- <suite> [options]`, checked before anything is built.
import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every family's benchmarks, from the family registry: JMH suites, and runs of their own (with a usage note). */
const BENCHES = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'catalog', 'families.json'), 'utf8')).flatMap((f) => f.bench);
const SUITES = BENCHES.filter((b) => !b.usage).map((b) => b.name);
// The class server's load test belongs to no family: it is the site's own run.
const RUNS = [
  ...BENCHES.filter((b) => b.usage),
  { name: 'class', usage: "the class server's load test: 300 students answering at once on one instance (embedded, then PostgreSQL), and 1,000 across two instances on one PostgreSQL; --quick/--full, --json" },
];

/** JMH suites first, then the runs of their own (a catalog test holds them equal to what is registered). */
export const SUITE_NAMES = [...SUITES, ...RUNS.map((b) => b.name)];
export const USAGE = `usage: npm run bench -- <suite> [--quick | --full] [--json FILE] [--csv FILE] [--only TEXT] [--native]
  suites:   ${SUITES.join(', ')}
${RUNS.map((b) => `  ${b.name}: ${b.usage}`).join('\n')}
  --quick   1 fork × (1 warmup + 16 measurement) iterations of 75 ms (the default)
  --full    2 forks × (5 warmup + 10 measurement) iterations of 1 s
  --json F  also write the results, environment and comparison as JSON to F
  --csv F   also write the rows as CSV to F
  --only T  run only the rows whose id contains T (e.g. --only Reverse)
  --native  also run the same kernels natively (cargo bench) and print native ÷ wasm per row
  --save-wasm  keep this run in web/src/bench/results/<suite>.json: the benchmark panel shows it,
            labelled as not live, until its reader runs the suite (every row: not with --only); for
            a threaded race (queue-threads, recycler-threads), web/src/threads/results/<set>.json,
            which a page that cannot run it (not cross-origin isolated) shows instead
  --jvm     also run the JVM originals with the same op (jvm/, JMH; needs a JDK 17+ and Maven) and
            print wasm, native and JVM per row; --save-jvm also keeps the JVM scores in
            jvm/results/<suite>.json, which the site's benchmark panel shows; --jvm-only runs
            the JVM originals alone (with --save-jvm: refresh jvm/results/<suite>.json; every
            row, so not with --only)
  --chromium  run the suite in headless Chromium instead of Node: the site's /embed/bench page, its
            forks in Workers, as a reader's browser runs it; prints its table, verdicts and the
            JVM column (the committed jvm/results run); takes --quick/--full, --json and --jvm
  --firefox   the same in headless Firefox (Debian's firefox-esr, over WebDriver BiDi); with
            --chromium too, both engines one after the other, and one table with a column each;
            with --jvm the JVM originals also run, after the browsers, with the same preset, and
            the table shows that run's JVM column instead of the committed one
  --help    print this and exit`;

export class ArgsError extends Error {}

/** `--help`: not an error, the answer to a question. */
export class HelpRequested extends Error {
  constructor() {
    super(USAGE);
  }
}

export function parseBenchArgs(argv) {
  const out = { suite: undefined, preset: 'quick', json: undefined, csv: undefined, only: undefined, native: false, jvm: false, saveJvm: false, jvmOnly: false, saveWasm: false, chromium: false, firefox: false };
  const given = new Set();
  const once = (flag) => {
    // Two presets, or the same option twice, would otherwise let the last one win silently.
    const key = flag === '--quick' || flag === '--full' ? 'preset' : flag;
    if (given.has(key)) {
      throw new ArgsError(key === 'preset'
        ? `Choose one preset: --quick or --full, not both.\n${USAGE}`
        : `${flag} is given twice; give it once.\n${USAGE}`);
    }
    given.add(key);
  };
  const value = (i, flag) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new ArgsError(`${flag} needs a value.\n${USAGE}`);
    if (v.trim() === '') throw new ArgsError(`${flag} needs a non-empty value.\n${USAGE}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') throw new HelpRequested();
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick' || a === '--full') {
      once(a);
      out.preset = a.slice(2);
    } else if (a === '--json' || a === '--csv' || a === '--only') {
      once(a);
      out[a.slice(2)] = value(i, a);
      i++;
    } else if (a === '--native') {
      once(a);
      out.native = true;
    } else if (a === '--chromium' || a === '--firefox') {
      once(a);
      out[a.slice(2)] = true;
    } else if (a === '--save-wasm') {
      once(a);
      out.saveWasm = true;
    } else if (a === '--jvm' || a === '--save-jvm' || a === '--jvm-only') {
      once(a);
      out.jvm = true;
      if (a === '--save-jvm') out.saveJvm = true;
      if (a === '--jvm-only') out.jvmOnly = true;
    } else if (a.startsWith('-')) {
      throw new ArgsError(`Unknown option ${a}.\n${USAGE}`);
    } else if (out.suite === undefined) {
      if (!SUITE_NAMES.includes(a)) throw new ArgsError(`Unknown suite "${a}"; the suites are: ${SUITE_NAMES.join(', ')}.\n${USAGE}`);
      out.suite = a;
    } else {
      throw new ArgsError(`Unexpected argument "${a}": one suite at a time.\n${USAGE}`);
    }
  }
  if (!out.suite) throw new ArgsError(`Name a suite.\n${USAGE}`);
  if (out.jvmOnly && (out.native || out.csv || out.saveWasm)) throw new ArgsError(`--jvm-only runs no wasm rows: it takes --quick or --full, --only, --save-jvm and --json.\n${USAGE}`);
  // A saved file replaces the panel's whole run: a few rows saved over it would drop the rest.
  if (out.only !== undefined && (out.saveWasm || out.saveJvm)) {
    throw new ArgsError(`${out.saveWasm ? '--save-wasm' : '--save-jvm'} keeps a whole run for the benchmark panel: run every row (drop --only "${out.only}").\n${USAGE}`);
  }
  if ((out.chromium || out.firefox) && (out.native || out.saveJvm || out.jvmOnly || out.csv || out.only || out.saveWasm || RUNS.some((r) => r.name === out.suite))) {
    const flag = [out.chromium && '--chromium', out.firefox && '--firefox'].filter(Boolean).join(' ');
    throw new ArgsError(`${flag} runs a JMH suite's page as a reader opens it: it takes --quick or --full, --json and --jvm.\n${USAGE}`);
  }
  if (out.json && out.csv && out.json === out.csv) throw new ArgsError(`--json and --csv name the same file, ${out.json}.`);
  return out;
}

/**
 * Proves each output file can be written before minutes of measuring: opens it for appending
 * (which creates nothing new if it exists, and fails for a directory, a missing folder or a
 * read-only place such as /proc), then removes it again if this check created it.
 */
export function checkOutputs(options) {
  for (const flag of ['json', 'csv']) {
    const path = options[flag];
    if (!path) continue;
    let existed = true;
    try {
      statSync(path);
    } catch {
      existed = false;
    }
    try {
      closeSync(openSync(path, 'a'));
    } catch (e) {
      const folder = dirname(path);
      const why = e.code === 'EISDIR' ? 'it is a directory'
        : e.code === 'ENOENT' && !existsSync(folder) ? `its folder, ${folder}, does not exist`
          : e.code === 'ENOENT' ? `${folder} does not accept new files`
            : e.message;
      throw new ArgsError(`--${flag} ${path} cannot be written (${why}); nothing was run.`);
    }
    if (!existed) unlinkSync(path);
  }
}
