// `npm test -- --changed`: which of `npm test`'s checks a change can affect, from the files it
// touched. The plan is made here from paths alone (no tool runs), so a test can hold it; test.mjs
// runs it. What no rule covers is listed, not guessed: the full `npm test` covers it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT, SetupError } from './toolchain.mjs';

/**
 * The files changed on this branch and in the working tree: everything `git diff` shows between
 * the merge base with `base` and the files as they are now (staged or not), and untracked files.
 * Resolves to `{ base, files }`, `base` being the merge base's short hash.
 */
export function changedFiles(base = 'main') {
  const git = (...args) => {
    const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new SetupError(`\`git ${args.join(' ')}\` failed: ${(r.stderr || '').trim() || `exit ${r.status}`}`);
    return r.stdout.trim();
  };
  let fork;
  try {
    fork = git('merge-base', 'HEAD', base);
  } catch {
    throw new SetupError(`--changed compares with the branch ${base}, which git does not know here: name another, as --changed=<branch or commit>.`);
  }
  const lines = (s) => s.split('\n').filter(Boolean);
  const files = [...new Set([...lines(git('diff', '--name-only', fork)), ...lines(git('ls-files', '--others', '--exclude-standard'))])].sort();
  return { base: fork.slice(0, 10), files };
}

/** Path segments that name no part of the lab a test file could be named after. */
const GENERIC = new Set(['web', 'src', 'crates', 'core', 'lessons', 'tests', 'test', 'e2e', 'scripts', 'index', 'main', 'family', 'mod', 'lib']);

/**
 * The words a path names things by: each folder and the file's stem, and the words of a
 * hyphenated one (lessons/bounded-queues.mdx names "bounded" and "queues").
 */
function words(path) {
  const parts = path.split('/');
  parts[parts.length - 1] = basename(parts.at(-1) ?? '').replace(/\..*$/, '');
  return [...new Set(parts.flatMap((p) => [p, ...p.split('-')]).map((w) => w.toLowerCase()).filter((w) => w.length >= 4 && !GENERIC.has(w)))];
}

/**
 * The e2e files whose names a changed path names: a word of the path begins the file's name
 * (crates/core/src/queue/ and web/src/queue/ → queues.e2e.ts; web/src/embed/ → every embed*.e2e.ts).
 */
function e2eNamed(path, e2eFiles) {
  const w = words(path);
  return e2eFiles.filter((f) => w.some((word) => f.replace(/\.e2e\.ts$/, '').startsWith(word)));
}

/**
 * @typedef {{
 *   rustPackages: string[], rustTests: string[][], wasmClippy: boolean,
 *   typecheck: boolean, lint: string[], vitest: string[], e2e: string[], firefox: boolean,
 *   uncovered: string[],
 * }} Plan
 * `rustPackages`: packages whose code changed (fmt, clippy, and their tests with every package's
 * that depends on them); `rustTests`: `[package, test target]` pairs when only a test changed;
 * `vitest`: files for `vitest related` (sources, and test files themselves); `e2e`: e2e file names.
 */

/**
 * What to run for `files` (paths from the repository's root). `e2eFiles` are web/e2e's test files
 * by name, `e2eImports(helper)` the e2e files that import web/e2e/<helper>, `crates` maps a crate's
 * folder to its package name.
 * @param {string[]} files
 * @param {{ e2eFiles: string[], e2eImports: (helper: string) => string[], crates: Record<string, string>, exists?: (path: string) => boolean }} lab
 * @returns {Plan}
 */
export function planFor(files, { e2eFiles, e2eImports, crates, exists = () => true }) {
  /** @type {Plan} */
  const plan = { rustPackages: [], rustTests: [], wasmClippy: false, typecheck: false, lint: [], vitest: [], e2e: [], firefox: false, uncovered: [] };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  /** @type {<T>(list: T[], ...xs: T[]) => void} */
  const add = (list, ...xs) => xs.forEach((x) => list.some((y) => same(x, y)) || list.push(x));
  for (const f of files) {
    let covered = false;
    const crate = /^crates\/([^/]+)\/(.*)$/.exec(f);
    if (crate && crates[crate[1]]) {
      covered = true;
      const pkg = crates[crate[1]];
      // A test target of its own (tests/x.rs, or tests/x/main.rs): that target; anything else a
      // package holds (its code, manifest, a helper or data its tests share): the package.
      const test = /^tests\/([^/]+)(\.rs|\/.*)$/.exec(crate[2]);
      const target = test && (test[2] === '.rs' ? test[1] : exists(`crates/${crate[1]}/tests/${test[1]}/main.rs`) ? test[1] : null);
      if (target) add(plan.rustTests, [pkg, target]);
      else {
        add(plan.rustPackages, pkg);
        // The page runs this code as wasm: the web's tests of what calls it, and the types the
        // build writes from its schemas (schema.gen.ts).
        if (pkg === 'hotpath-threads') add(plan.vitest, 'web/src/threads/harness.ts');
        else add(plan.vitest, 'web/src/wasm/loader.ts');
        plan.typecheck = true;
        plan.wasmClippy ||= pkg !== 'hotpath-core';
      }
    } else if (/^crates\/Cargo\.(toml|lock)$/.test(f)) {
      covered = true;
      add(plan.rustPackages, ...Object.values(crates));
      plan.wasmClippy = true;
    } else if (f.startsWith('templates/')) {
      // The template family: compiled by core's registry test, loaded by the catalog's.
      covered = true;
      add(plan.rustPackages, 'hotpath-core');
      add(plan.vitest, 'web/src/catalog/template.test.ts');
    }
    if (/^(web\/(src|server|scripts|e2e)|lessons)\/.*\.(ts|tsx|mjs|mdx)$|^vite\.config\.ts$|^tsconfig(\.\w+)?\.json$/.test(f)) {
      covered = true;
      plan.typecheck = true;
    }
    if (/^(web\/(src|scripts|server)|lessons)\/.*\.(ts|tsx|mjs)$|^web\/public\/.*\.js$|^(vite\.config\.ts|eslint\.config\.js)$/.test(f) && exists(f)) add(plan.lint, f);
    if (/^(web\/(src|server|scripts)|lessons)\//.test(f) || f === 'vite.config.ts') {
      covered = true;
      if (exists(f)) add(plan.vitest, f);
    }
    if (/\.md$/.test(f)) {
      // The docs are held to the commands and files they name.
      covered = true;
      add(plan.vitest, 'web/scripts/docs.test.mjs');
    }
    if (f.startsWith('web/e2e/firefox/') || f === 'web/scripts/firefox.mjs') {
      covered = true;
      plan.firefox = true;
    } else if (f.startsWith('web/e2e/')) {
      covered = true;
      const name = f.slice('web/e2e/'.length);
      if (/\.e2e\.ts$/.test(name)) add(plan.e2e, name);
      else if (['vitest.config.ts', 'global-setup.ts'].includes(name)) add(plan.e2e, ...e2eFiles);
      else add(plan.e2e, ...e2eImports(name.replace(/\.ts$/, '')));
    }
    add(plan.e2e, ...e2eNamed(f, e2eFiles));
    if (!covered) plan.uncovered.push(f);
  }
  // A package's own tests run with its code's: no target twice.
  plan.rustTests = plan.rustTests.filter(([pkg]) => !plan.rustPackages.includes(pkg));
  plan.e2e = plan.e2e.filter((f) => e2eFiles.includes(f)).sort();
  return plan;
}

/** planFor with the lab's e2e files and crates as they are on disk. */
export function labPlan(files) {
  const e2eDir = join(ROOT, 'web', 'e2e');
  const e2eFiles = readdirSync(e2eDir).filter((f) => f.endsWith('.e2e.ts')).sort();
  const e2eImports = (helper) => e2eFiles.filter((f) => new RegExp(`from '\\./${helper}(\\.ts)?'`).test(readFileSync(join(e2eDir, f), 'utf8')));
  const crates = Object.fromEntries(readdirSync(join(ROOT, 'crates'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'crates', d.name, 'Cargo.toml')))
    .map((d) => [d.name, /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, 'crates', d.name, 'Cargo.toml'), 'utf8'))?.[1] ?? d.name]));
  return planFor(files, { e2eFiles, e2eImports, crates, exists: (p) => existsSync(join(ROOT, p)) });
}
