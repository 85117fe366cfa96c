// How long counting takes (a script too big to draw, run with the counting probe), per family
// and variant, in Node on a built wasm package: the fastest of five runs of each. Pass a second
// package (a build of another commit) to set the two side by side. A measurement, not a test.
//
//   npm run measure:count [-- PKG_DIR [OTHER_PKG_DIR]]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, WASM_PKG } from './toolchain.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`usage: npm run measure:count [-- PKG_DIR [OTHER_PKG_DIR]]
  Milliseconds to count each case the families' family.json files name (measure.count) on the wasm package in PKG_DIR (default
  web/src/wasm/pkg; npm run wasm first), the fastest of five runs; with OTHER_PKG_DIR, both and
  their ratio. The counts themselves must agree between the two, or it says so.
  --help    print this and exit`);
  process.exit(0);
}

async function load(dir) {
  const m = await import(pathToFileURL(join(dir, 'hotpath_wasm.js')).href + `?${dir}`);
  m.initSync({ module: readFileSync(join(dir, 'hotpath_wasm_bg.wasm')) });
  return m;
}

// Commands as the web encodes them: [opcode, a, b, c, thread], opcodes in the schema's order.
const encode = (cs) => new Uint32Array(cs.flatMap((c) => [c[0], c[1] ?? 0, c[2] ?? 0, c[3] ?? 0, 0]));
/** Each family's cases, as its family.json gives them (`measure.count`: the script in words, and encoded). */
const CASES = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'catalog', 'families.json'), 'utf8')).flatMap((/** @type {any} */ f) =>
  (f.measure?.count ?? []).map((/** @type {any} */ c) => /** @type {[string, string, Uint32Array, string]} */ ([f.name, c.variant, encode(c.commands), c.settings ?? ''])));

function time(m, [family, variant, commands, settings]) {
  const script = new m.Script(family, commands, settings, false);
  let best = Infinity;
  let counts;
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    counts = Array.from(script.count(variant));
    best = Math.min(best, performance.now() - t);
  }
  script.free();
  return { best, counts: counts.join(',') };
}

const dirs = [process.argv[2] ?? WASM_PKG, process.argv[3]].filter(Boolean);
const modules = await Promise.all(dirs.map(load));
for (const c of CASES) {
  const [a, b] = modules.map((m) => time(m, c));
  let line = `${`${c[0]} ${c[1]}`.padEnd(22)}${a.best.toFixed(1).padStart(8)} ms`;
  if (b) {
    line += `${b.best.toFixed(1).padStart(9)} ms  ${(a.best / b.best).toFixed(2)}×`;
    if (a.counts !== b.counts) line += '  (the counts differ)';
  }
  console.log(line);
}
