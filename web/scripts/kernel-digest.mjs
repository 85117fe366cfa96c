// Which code a committed benchmark run measured. A run saved with `npm run bench -- <suite>
// --save-wasm` records the digest of its kernel's sources; the page and a test compare it with
// the sources as they are now, so a figure from code that no longer runs cannot pass unnoticed.
//
// A suite's kernel is what its timed loop runs and how it is timed: its family's Rust folder and
// the shared structures its code uses (`priority/`: the heaps both timer families hold), the
// shared Rust the kernels are built on (the kernel table, the probe, the RNG, the atomics shim),
// the wasm's benchmark binding, the crates' build settings, the harness that forks
// and times (web/src/bench), and what the suite times, in the family's web folder: its rows and
// which are measured side by side (<x>Suite.ts, and suites.ts, which joins it to its report). How a
// run is reported (<x>Report.ts: published figures, verdicts, tables, chart) is not. Lessons,
// drawings (a family's recorder, which a timed loop never runs: it runs with NoProbe) and the
// class server are not: changing them leaves a run current.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The files shared by every suite's kernel, relative to the repository's root. */
const SHARED = [
  'crates/Cargo.toml', 'crates/core/Cargo.toml', 'crates/wasm/Cargo.toml',
  'crates/core/src/kernel.rs', 'crates/core/src/probe.rs', 'crates/core/src/rng.rs', 'crates/core/src/sync.rs',
  'crates/wasm/src/bench.rs',
  'web/src/bench/runner.ts', 'web/src/bench/fork.ts', 'web/src/bench/forkMain.ts', 'web/src/bench/forkWorker.ts',
  'web/src/bench/nodeFork.ts', 'web/src/bench/protocol.ts', 'web/src/bench/stats.ts',
];

/** Every file under `dir` (relative paths, sorted), test files left out. */
function filesUnder(root, dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!/\.test\.[tj]sx?$/.test(name)) out.push(relative(root, path));
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return out.sort();
}

/**
 * The files a threaded race is made of (`npm run bench -- <family>-threads`): the threads crate
 * (its own kernels, built with atomics), the harness that spawns and times its workers, and the
 * family's thread set.
 */
function threadedSources(root, family) {
  return withoutTestFiles(root, ['crates/Cargo.toml', 'crates/threads/Cargo.toml', ...filesUnder(root, 'crates/threads/src'), 'web/src/threads/harness.ts',
    'web/src/threads/worker.ts', 'web/src/threads/nodeWorker.ts', 'web/src/cli/threadsCli.ts', `web/src/${family}/threadSet.ts`].filter((f) => existsSync(join(root, f))));
}

/**
 * Where the item starting at `from` ends (the index after it): its first `{ … }` block at depth
 * 0 (with a `;` right after it), or its first `;` or `,` at depth 0, whichever comes first.
 * Comments, strings and character literals are skipped, so a brace inside one does not count.
 */
function itemEnd(text, from) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    const rest = text.slice(i, i + 2);
    if (rest === '//') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (rest === '/*') i = text.indexOf('*/', i + 2) + 1;
    else if (c === '"' || /^r#*"/.test(text.slice(i, i + 8))) {
      const raw = /^r(#*)"/.exec(text.slice(i, i + 8));
      if (raw) i = text.indexOf(`"${raw[1]}`, i + raw[0].length) + raw[1].length;
      else for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === "'") {
      const ch = /^'(\\[^']+|[^\\'])'/.exec(text.slice(i, i + 12)); // a char, not a lifetime
      if (ch) i += ch[0].length - 1;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (c === '}' && depth === 0) return text[i + 1] === ';' ? i + 2 : i + 1;
    } else if ((c === ';' || c === ',') && depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * A Rust file's text without what only its tests compile: each `#[cfg(test)]` item (an inline
 * test module, a test-only field or function), and the names of the test-only module files it
 * declares (`#[cfg(test)] mod says;`), which `rustKernelFiles` leaves out. A timed loop never runs
 * test code, so editing a test leaves a committed run current.
 */
export function withoutTests(text) {
  const testFiles = [];
  let out = '';
  let at = 0;
  for (const m of text.matchAll(/^[ \t]*#\[cfg\(test\)\][ \t]*\n/gm)) {
    if (m.index < at) continue; // inside an item already cut
    const end = itemEnd(text, m.index + m[0].length);
    const item = text.slice(m.index + m[0].length, end);
    const file = /^\s*(?:#\[path = "([^"]+)"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/.exec(item);
    if (file) testFiles.push(file[1] ?? file[2]);
    out += text.slice(at, m.index);
    at = end + (/^[ \t]*\n/.exec(text.slice(end))?.[0].length ?? 0); // and the rest of its last line
  }
  // The blank lines around a cut item are layout, not code.
  return { text: (out + text.slice(at)).replace(/\n(?:[ \t]*\n){2,}/g, '\n\n'), testFiles };
}

/** `files` (Rust among them) without the Rust files that are test-only modules (`#[cfg(test)] mod x;`). */
function withoutTestFiles(root, files) {
  const testOnly = new Set();
  for (const f of files.filter((x) => x.endsWith('.rs'))) {
    const dir = /(^|\/)(mod|lib|main)\.rs$/.test(f) ? dirname(f) : f.slice(0, -'.rs'.length);
    for (const m of withoutTests(readFileSync(join(root, f), 'utf8')).testFiles) {
      if (m.endsWith('.rs')) testOnly.add(join(dirname(f), m));
      else testOnly.add(join(dir, `${m}.rs`)).add(join(dir, m, 'mod.rs'));
    }
  }
  return files.filter((f) => !testOnly.has(f) && ![...testOnly].some((t) => t.endsWith('/mod.rs') && f.startsWith(dirname(t) + '/')));
}

/** The families as `npm run families` gathers them (catalog/families.json): names and bench commands. */
const families = (root) => JSON.parse(readFileSync(join(root, 'web', 'src', 'catalog', 'families.json'), 'utf8'));

/**
 * The Rust modules outside every family that hold structures a family's timed loop runs (the
 * heaps the heap family drives and the wheel's delay queues hold). A kernel that uses one
 * (`crate::priority::…`) is made of it too.
 */
const SHARED_STRUCTURES = ['priority'];

/** A Rust module's files a timed loop may run: its folder but its recorder (the drawing's mirror and sentences). */
const rustKernelFiles = (root, module) => filesUnder(root, `crates/core/src/${module}`)
  .filter((f) => !/\/recorder(\.rs$|\/)/.test(f.slice(`crates/core/src/${module}`.length)));

/**
 * `family` and the shared structures its Rust uses, transitively, in a fixed order. No other
 * family's: a family's folder never imports another's (crates/core/tests/layering.rs).
 */
function modulesUsed(root, family) {
  const seen = new Set([family]);
  for (const f of [...seen]) {
    for (const file of rustKernelFiles(root, f)) {
      for (const m of withoutTests(readFileSync(join(root, file), 'utf8')).text.matchAll(/crate::(\w+)::/g)) {
        if (SHARED_STRUCTURES.includes(m[1]) && !seen.has(m[1])) seen.add(m[1]);
      }
    }
  }
  return [family, ...[...seen].filter((f) => f !== family).sort()];
}

/** The files a family's suites' kernels are made of (`suite`: one of its threaded races, which are made of others). */
export function kernelSources(root, family, suite) {
  if (suite?.endsWith('-threads')) return threadedSources(root, family);
  const suiteDefs = filesUnder(root, `web/src/${family}`).filter((f) => /(Suite|suites)\.ts$/.test(f));
  return withoutTestFiles(root, [...SHARED, ...modulesUsed(root, family).flatMap((f) => rustKernelFiles(root, f)), ...suiteDefs]
    .filter((f) => existsSync(join(root, f))));
}

/** The digest of a family's kernel sources (or of its threaded race `suite`'s): sha-256 over each file's path and text, the first 16 hex digits. */
export function kernelDigest(root, family, suite) {
  const hash = createHash('sha256');
  for (const f of kernelSources(root, family, suite)) {
    hash.update(`${f}\n`);
    // Line ends normalised: a checkout with CRLF is the same code.
    const text = readFileSync(join(root, f), 'utf8').replace(/\r\n/g, '\n');
    hash.update(f.endsWith('.rs') ? withoutTests(text).text : text);
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The family whose folder declares `suite` (families.json's bench commands). */
export function familyOfSuite(root, suite) {
  return families(root).find((f) => (f.bench ?? []).some((b) => b.name === suite))?.name;
}

/** Every suite with a committed run's folder, as `{ suite: digest }` (for the page: a virtual module). */
export function suiteDigests(root) {
  return Object.fromEntries(families(root).flatMap((f) => (f.bench ?? []).map((b) => [b.name, kernelDigest(root, f.name, b.name)])));
}

const ID = 'virtual:kernel-digests';
const RESOLVED = '\0' + ID;

/** `virtual:kernel-digests`: each suite's kernel digest as the sources stand at build time (the page sets a committed run's beside it). */
export function kernelDigestsPlugin(root) {
  return {
    name: 'hotpath:kernel-digests',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      return `export default ${JSON.stringify(suiteDigests(root))};`;
    },
  };
}
