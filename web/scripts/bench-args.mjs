// Arguments of `npm run bench -- <suite> [options]`, checked before anything is built.

export const SUITE_NAMES = ['heap-cancel'];
export const USAGE = `usage: npm run bench -- <suite> [--quick | --full] [--json FILE] [--csv FILE] [--only TEXT] [--native]
  suites:   ${SUITE_NAMES.join(', ')}
  --quick   1 fork × (1 warmup + 3 measurement) iterations of 300 ms (the default)
  --full    2 forks × (5 warmup + 10 measurement) iterations of 1 s
  --json F  also write the results, environment and comparison as JSON to F
  --csv F   also write the rows as CSV to F
  --only T  run only the rows whose id contains T (e.g. --only Reverse)
  --native  also run the same kernels natively (cargo bench) and print wasm ÷ native per row`;

export class ArgsError extends Error {}

export function parseBenchArgs(argv) {
  const out = { suite: undefined, preset: 'quick', json: undefined, csv: undefined, only: undefined, native: false };
  const value = (i, flag) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new ArgsError(`${flag} needs a value.\n${USAGE}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick' || a === '--full') {
      out.preset = a.slice(2);
    } else if (a === '--json' || a === '--csv' || a === '--only') {
      out[a.slice(2)] = value(i, a);
      i++;
    } else if (a === '--native') {
      out.native = true;
    } else if (a === '--help' || a === '-h') {
      throw new ArgsError(USAGE);
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
  return out;
}
