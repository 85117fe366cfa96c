// The wasm build's output (issue 59 item 7): rustc's warning that the `atomics` target feature is
// unstable, printed on every build, is left out, and cargo's count of it too; any other warning,
// and the count of a crate that has one, is kept.
import { expect, it } from 'vitest';
import { atomicsFilter } from './wasm.mjs';

const run = (text) => {
  const f = atomicsFilter();
  return { kept: text.split('\n').map((l) => f.line(l)).filter((l) => l !== null), dropped: f.dropped() };
};

it('leaves out the atomics warning and its counts, as cargo prints them (colours and all)', () => {
  const out = run([
    '\x1b[1m\x1b[33mwarning\x1b[0m\x1b[1m: unstable feature specified for `-Ctarget-feature`: `atomics`\x1b[0m',
    '  \x1b[1m\x1b[94m|\x1b[0m',
    '  \x1b[1m\x1b[94m= \x1b[0m\x1b[1mnote\x1b[0m: this feature is not stably supported; its behavior can change in the future',
    '',
    '\x1b[1m\x1b[33mwarning\x1b[0m: `hotpath-core` (lib) generated 1 warning',
    '\x1b[1m\x1b[33mwarning\x1b[0m: `hotpath-wasm` (lib) generated 1 warning (1 duplicate)',
    '\x1b[1m\x1b[92m    Finished\x1b[0m `release` profile [optimized] target(s) in 0.21s',
  ].join('\n'));
  expect(out).toEqual({ kept: ['\x1b[1m\x1b[92m    Finished\x1b[0m `release` profile [optimized] target(s) in 0.21s'], dropped: 1 });
});

it('keeps every other warning, and the count of a crate that has one', () => {
  const out = run([
    'warning: unstable feature specified for `-Ctarget-feature`: `atomics`',
    '  |',
    '  = note: this feature is not stably supported; its behavior can change in the future',
    '',
    'warning: unused variable: `x`',
    ' --> core/src/lib.rs:3:9',
    '',
    'warning: `hotpath-core` (lib) generated 2 warnings',
  ].join('\n'));
  expect(out.kept).toEqual(['warning: unused variable: `x`', ' --> core/src/lib.rs:3:9', '', 'warning: `hotpath-core` (lib) generated 2 warnings']);
});
