// `npm run bench:conclusive -- [--runs N] [--busy K] [--preset quick|full] [suite …]`: how often
// the quick preset's verdicts conclude on a loaded machine. Starts K busy-looping processes (2 by
// default), runs each suite N times (10 by default) with `npm run bench -- <suite> --json`, and
// reports, per verdict, how many runs were conclusive, and checks every run: no verdict conclusive
// while its interval straddles its threshold, and no two verdicts of one run contradicting.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './toolchain.mjs';

/** Each suite's headline verdicts, as its family's family.json names them (`headlines`). */
const HEADLINES = Object.fromEntries(JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'catalog', 'families.json'), 'utf8'))
  .flatMap((f) => f.bench).filter((b) => b.headlines).map((b) => [b.name, b.headlines]));

const USAGE = `usage: npm run bench:conclusive -- [--runs N] [--busy K] [--preset quick|full] [--out FILE] [${Object.keys(HEADLINES).join(' | ')} …]
  Starts K busy-looping processes (2), runs each suite (all four) N times (10) with the preset (quick),
  and reports per verdict how many runs concluded; fails if a verdict goes beyond its interval or two
  contradict each other. --out FILE keeps the report as JSON.
  --help    print this and exit`;

function parse(argv) {
  /** @type {{ runs: number, busy: number, preset: string, suites: string[], out: string | undefined }} */
  const o = { runs: 10, busy: 2, preset: 'quick', suites: [], out: undefined };
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--busy') o.busy = Number(argv[++i]);
    else if (a === '--preset') o.preset = argv[++i];
    else if (a === '--out') o.out = argv[++i];
    else if (a in HEADLINES) o.suites.push(a);
    else throw new Error(`unknown argument ${a}; ${USAGE}`);
  }
  if (!(o.runs >= 1 && o.busy >= 0) || !['quick', 'full'].includes(o.preset)) throw new Error('--runs must be at least 1, --busy at least 0, --preset quick or full');
  if (!o.suites.length) o.suites = Object.keys(HEADLINES);
  return o;
}

/** The verdict an interval supports against a claim, as web/src/bench/ratio.ts judges it. */
function judge(i, c) {
  if (c.kind === 'at least') return i.low >= c.threshold ? 'reproduced' : i.high < c.threshold ? 'not reproduced' : 'inconclusive';
  if (c.kind === 'below') return i.high < c.threshold ? 'reproduced' : i.low >= c.threshold ? 'not reproduced' : 'inconclusive';
  return i.low >= c.low && i.high <= c.high ? 'reproduced' : i.high < c.low || i.low > c.high ? 'not reproduced' : 'inconclusive';
}

/** What must hold of one run's verdicts; returns the problems found. */
function problems(comparisons) {
  const out = [];
  const byId = Object.fromEntries(comparisons.map((c) => [c.id, c]));
  for (const c of comparisons) {
    const conclusive = c.verdict === 'reproduced' || c.verdict === 'not reproduced';
    if (!conclusive || !c.claim || c.premise) continue;
    const states = c.points ? c.points.map((p) => judge(p.interval, c.claim)) : [judge(c.ratio, c.claim)];
    const whole = states.includes('not reproduced') ? 'not reproduced' : states.includes('inconclusive') ? 'inconclusive' : 'reproduced';
    if (whole !== c.verdict) out.push(`${c.id} says ${c.verdict} but its interval says ${whole}`);
  }
  for (const c of comparisons) {
    const p = c.premise && byId[c.premise];
    if (p && p.verdict !== 'reproduced' && (c.verdict === 'reproduced' || c.verdict === 'not reproduced')) {
      out.push(`${c.id} is judged although its premise ${p.id} is ${p.verdict}`);
    }
  }
  const level = byId['in-order-level'];
  const growth = byId['in-order-growth'];
  if (level?.verdict === 'reproduced' && growth?.verdict !== 'reproduced') out.push('in-order-level is reproduced (the two level) but in-order-growth is not (not of the same growth)');
  return out;
}

const o = parse(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'hotpath-conclusive-'));
const busy = Array.from({ length: o.busy }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((b) => b.kill());
process.on('exit', stopBusy);
process.on('SIGINT', () => process.exit(130));

/** @type {{ preset: string, busy: number, runs: number, date: string, suites: Record<string, { tally: Record<string, Record<string, number>>, issues: string[] }> }} */
const report = { preset: o.preset, busy: o.busy, runs: o.runs, date: new Date().toISOString(), suites: {} };
try {
  for (const suite of o.suites) {
    const tally = {};
    const issues = [];
    for (let r = 1; r <= o.runs; r++) {
      const file = join(dir, `${suite}-${r}.json`);
      const load = loadavg()[0].toFixed(2);
      process.stderr.write(`${suite} run ${r}/${o.runs} (load average ${load}) …\n`);
      const res = spawnSync('npm', ['run', '--silent', 'bench', '--', suite, `--${o.preset}`, '--json', file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (res.status !== 0) throw new Error(`npm run bench -- ${suite} failed (exit ${res.status})`);
      const { comparisons } = JSON.parse(readFileSync(file, 'utf8'));
      for (const c of comparisons) {
        tally[c.id] ??= { reproduced: 0, 'not reproduced': 0, inconclusive: 0, 'not measured': 0 };
        tally[c.id][c.verdict]++;
      }
      issues.push(...problems(comparisons).map((p) => `run ${r}: ${p}`));
    }
    report.suites[suite] = { tally, issues };
    const lines = Object.entries(tally).map(([id, t]) => {
      const conclusive = t.reproduced + t['not reproduced'];
      const star = HEADLINES[suite].includes(id) ? ' (headline)' : '';
      return `  ${id.padEnd(30)} conclusive ${conclusive}/${o.runs}: ${t.reproduced} reproduced, ${t['not reproduced']} not, ${t.inconclusive} inconclusive, ${t['not measured']} not measured${star}`;
    });
    process.stdout.write(`${suite}, ${o.preset} preset, ${o.runs} runs beside ${o.busy} busy loops:\n${lines.join('\n')}\n` +
      (issues.length ? `  PROBLEMS:\n${issues.map((x) => `    ${x}`).join('\n')}\n` : '  every run consistent: no verdict beyond its interval, none contradicting another\n'));
  }
} finally {
  stopBusy();
}
if (o.out) writeFileSync(o.out, JSON.stringify(report, null, 2));
const bad = Object.values(report.suites).some((s) => s.issues.length);
process.exit(bad ? 1 : 0);
