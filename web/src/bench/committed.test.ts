// A committed run is of the code the page runs (issue 62): each web/src/bench/results/*.json
// records its kernel's digest, and fails here once its kernel's sources have changed since it
// was saved. Re-run it: `npm run bench -- <suite> --full --save-wasm` on a quiet machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyOfSuite, kernelDigest, kernelSources, withoutTests } from '../../scripts/kernel-digest.mjs';
import { measuresThisCode } from './committed';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const RESULTS = join(import.meta.dirname, 'results');
const runs = readdirSync(RESULTS).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(RESULTS, f), 'utf8')) as { suite: string; code?: { digest: string } });

describe('the committed benchmark runs', () => {
  it('each measured the code as it is now (its kernel’s digest)', () => {
    const stale = runs.flatMap((r) => {
      const now = kernelDigest(ROOT, familyOfSuite(ROOT, r.suite));
      return r.code?.digest === now ? [] : [`${r.suite}: saved for ${r.code?.digest ?? 'no recorded code'}, the kernel is now ${now}: npm run bench -- ${r.suite} --full --save-wasm`];
    });
    expect(stale).toEqual([]);
  });

  it('of the threaded races, too, each measured the code as it is now', () => {
    const dir = join(import.meta.dirname, '..', 'threads', 'results');
    const races = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { cli: string; code: { digest: string } });
    expect(races.length).toBeGreaterThan(0);
    const stale = races.flatMap((r) => {
      const now = kernelDigest(ROOT, r.cli.replace(/-threads$/, ''), r.cli);
      return r.code.digest === now ? [] : [`${r.cli}: saved for ${r.code.digest}, the race is now ${now}: npm run bench -- ${r.cli} --save-wasm`];
    });
    expect(stale).toEqual([]);
  });

  it('digest what the timed loop runs, and not the lessons or the drawings', () => {
    const files: string[] = kernelSources(ROOT, 'heap');
    expect(files).toContain('crates/core/src/heap/bench.rs');
    expect(files).toContain('web/src/bench/runner.ts');
    expect(files).toContain('web/src/heap/heapCancelSuite.ts');
    expect(files.some((f) => /lessons\/|View\.tsx|\.test\./.test(f))).toBe(false);
    // How a run is reported (published figures, verdicts' words, chart) is not what it timed.
    expect(files).not.toContain('web/src/heap/heapCancelReport.ts');
    expect(files.some((f) => f.startsWith('crates/core/src/wheel/'))).toBe(false);
    // The heaps it drives live in the shared priority/ module: they are its kernel.
    expect(files).toContain('crates/core/src/priority/jdk.rs');
    expect(files).toContain('crates/core/src/priority/indexed.rs');
    // A drawing's mirror is not timed: its recorder is left out (the family's and the shared one).
    expect(files.some((f) => /recorder/.test(f))).toBe(false);
    // The wheel's timed loop runs the same heaps (its delay queues): they are its kernel too, and
    // the heap family's own folder (its timers, scripts, kernel) is not.
    const wheel: string[] = kernelSources(ROOT, 'wheel');
    expect(wheel).toContain('crates/core/src/priority/jdk.rs');
    expect(wheel.some((f) => f.startsWith('crates/core/src/heap/'))).toBe(false);
    expect(wheel).toContain('crates/core/src/wheel/system_timer.rs');
  });

  it('leave out the code only tests compile, and nothing else', () => {
    const kernel = [
      'pub fn poll(&mut self) -> Option<u32> {',
      '    let s = "}"; // a brace in a string, and one here: }',
      "    let c = '{';",
      '    self.a.pop()',
      '}',
    ].join('\n');
    const source = [
      'pub struct Entry {',
      '    pub name: &\'static str,',
      '    #[cfg(test)]',
      '    check: fn(),',
      '}',
      '#[cfg(test)]',
      'mod says;',
      kernel,
      '#[cfg(test)]',
      'mod tests {',
      '    #[test]',
      '    fn t() { assert_eq!(r#"}}"#, "}}"); let _ = \'}\'; }',
      '}',
      '',
    ].join('\n');
    const { text, testFiles } = withoutTests(source);
    expect(testFiles).toEqual(['says']);
    expect(text).toBe(['pub struct Entry {', '    pub name: &\'static str,', '}', kernel, ''].join('\n'));
    // An edit to the kernel still changes what is digested.
    expect(withoutTests(source.replace('self.a.pop()', 'self.a.pop_front()')).text).not.toBe(text);
  });

  it('are told apart on the page: a run whose digest is not the build’s says it measured older code', () => {
    expect(measuresThisCode({ suite: 'x', code: { digest: 'abc' } }, { x: 'abc' })).toBe(true);
    expect(measuresThisCode({ suite: 'x', code: { digest: 'abc' } }, { x: 'def' })).toBe(false);
    expect(measuresThisCode({ suite: 'x' }, { x: 'abc' })).toBe(false);
  });
});
