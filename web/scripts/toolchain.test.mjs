// The one note the wasm build leaves out of cargo's output (rustc on wasm's atomics), and nothing
// else: lines as cargo 1.95 printed them with --color always, on a build with nothing to do and
// on one with a warning of the lab's own.
import { describe, expect, it } from 'vitest';
import { atomicsNoteFilter } from './toolchain.mjs';

const B = '\x1b[1m';
const Y = '\x1b[33m';
const Z = '\x1b[0m';
const NOTE = [
  `${B}${Y}warning${Z}${B}: unstable feature specified for \`-Ctarget-feature\`: \`atomics\`${Z}`,
  `  ${B}\x1b[94m|${Z}`,
  `  ${B}\x1b[94m= ${Z}${B}note${Z}: this feature is not stably supported; its behavior can change in the future`,
  '',
];
const kept = (lines) => {
  const f = atomicsNoteFilter();
  return { kept: lines.filter((l) => f.keep(l)), dropped: f.dropped() };
};

describe('the atomics note filter', () => {
  it('leaves out the note and the tallies that counted only it', () => {
    const lines = [...NOTE,
      `${B}${Y}warning${Z}: \`hotpath-core\` (lib) generated 1 warning`,
      `${B}${Y}warning${Z}: \`hotpath-wasm\` (lib) generated 1 warning (1 duplicate)`,
      `${B}\x1b[92m    Finished${Z} \`release\` profile [optimized] target(s) in 0.06s`];
    expect(kept(lines)).toEqual({ kept: [lines.at(-1)], dropped: true });
  });

  it('keeps any other warning, and the tally that counts it', () => {
    const own = [`${B}${Y}warning${Z}${B}: unused variable: \`x\`${Z}`, '  --> core/src/lib.rs:3:9', '',
      `${B}${Y}warning${Z}: \`hotpath-core\` (lib) generated 2 warnings`];
    expect(kept([...NOTE, ...own]).kept).toEqual(own);
    // The note after the crate's own warning: the same.
    expect(kept([...own.slice(0, 3), ...NOTE, own[3]]).kept).toEqual(own);
  });

  it('says when it left nothing out', () => {
    expect(kept(['   Compiling hotpath-core v0.1.0 (/lab/crates/core)']).dropped).toBe(false);
  });
});
