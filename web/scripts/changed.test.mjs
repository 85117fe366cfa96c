// What `npm test -- --changed` runs for a change, from the paths alone: each rule once, on a lab
// shaped like this one (its e2e files and crates given, so the test reads no disk).
import { describe, expect, it } from 'vitest';
import { planFor } from './changed.mjs';

const E2E = ['bench.e2e.ts', 'embedhost.e2e.ts', 'embedkit.e2e.ts', 'heaps.e2e.ts', 'queues.e2e.ts', 'recycler.e2e.ts', 'site.e2e.ts', 'timeouts.e2e.ts'];
const LAB = {
  e2eFiles: E2E,
  e2eImports: (helper) => (helper === 'suiteRun' ? ['bench.e2e.ts', 'queues.e2e.ts', 'timeouts.e2e.ts'] : []),
  crates: { core: 'hotpath-core', wasm: 'hotpath-wasm', threads: 'hotpath-threads' },
  exists: (path) => path !== 'crates/core/tests/vectors/main.rs' && !path.includes('deleted'),
};
const plan = (...files) => planFor(files, LAB);

describe('npm test -- --changed', () => {
  it('runs a Rust test target alone when only it changed, and nothing of the web', () => {
    expect(plan('crates/core/tests/originals/netty_default_priority_queue.rs')).toEqual({
      rustPackages: [], rustTests: [['hotpath-core', 'originals']], wasmClippy: false, typecheck: false, lint: [], vitest: [], e2e: [], firefox: false, uncovered: [],
    });
  });

  it('checks a crate’s code with its package, the wasm it becomes, and the e2e file named after its folder', () => {
    const p = plan('crates/core/src/queue/clq.rs', 'crates/core/tests/vectors/jdk_priority_queue.txt');
    expect(p.rustPackages).toEqual(['hotpath-core']);
    // Test data shared by several targets is the package's: no target of its own is run twice.
    expect(p.rustTests).toEqual([]);
    expect(p.vitest).toEqual(['web/src/wasm/loader.ts']);
    expect([p.typecheck, p.wasmClippy]).toEqual([true, false]);
    expect(p.e2e).toEqual(['queues.e2e.ts']);
    expect(plan('crates/threads/src/run.rs').wasmClippy).toBe(true);
  });

  it('checks a web source with tsc, ESLint, the tests that import it and the e2e files its folder names', () => {
    const p = plan('web/src/embed/share.tsx', 'lessons/bounded-queues.mdx', 'web/src/deleted.ts');
    expect(p.typecheck).toBe(true);
    expect(p.lint).toEqual(['web/src/embed/share.tsx']);
    expect(p.vitest).toEqual(['web/src/embed/share.tsx', 'lessons/bounded-queues.mdx']);
    expect(p.e2e).toEqual(['embedhost.e2e.ts', 'embedkit.e2e.ts', 'queues.e2e.ts']);
  });

  it('runs a changed e2e file, and those that import a changed e2e helper', () => {
    expect(plan('web/e2e/heaps.e2e.ts', 'web/e2e/suiteRun.ts').e2e).toEqual(['bench.e2e.ts', 'heaps.e2e.ts', 'queues.e2e.ts', 'timeouts.e2e.ts']);
    expect(plan('web/e2e/firefox/browser.ts')).toMatchObject({ firefox: true, e2e: [] });
  });

  it('runs the class server’s tests through the files they import, and the docs’ test for a page of docs', () => {
    expect(plan('web/server/grading.mjs').vitest).toEqual(['web/server/grading.mjs']);
    expect(plan('CONTRIBUTING.md').vitest).toEqual(['web/scripts/docs.test.mjs']);
  });

  it('lists what no rule covers', () => {
    expect(plan('jvm/results/heap.json', 'package-lock.json').uncovered).toEqual(['jvm/results/heap.json', 'package-lock.json']);
  });
});
