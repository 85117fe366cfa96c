// The first screen of `npm start` on a built tree holds no warning (issue 61 item 7): a newcomer
// reads "warning" and Vite's "(!)" as something broken, and those were notes nobody had to act
// on (rustc on wasm's atomics, Vite's config loader on JSON imports). The test runs the real
// script until it says it is ready, stops it, and reads all it printed.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './toolchain.mjs';

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** `npm start`'s output until its "Ready." line, or until it exits (then with its exit code). */
function firstScreen() {
  return new Promise((done) => {
    // A process group of its own, so stopping it stops the dev server and anything it started.
    const child = spawn(process.execPath, ['web/scripts/start.mjs'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let ready = false;
    const read = (chunk) => {
      out += chunk;
      if (!ready && /\] Ready\. /.test(out.replace(ANSI, ''))) {
        ready = true;
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => done({ out: out.replace(ANSI, ''), ready, code }));
  });
}

describe('npm start', () => {
  // The wasm is built before the unit tests run (npm test builds it first); on a fresh tree the
  // build itself takes minutes, so the bound is long: it bounds a hang and measures nothing.
  it('prints no warning on its way to "Ready."', async () => {
    const { out, ready, code } = await firstScreen();
    expect(ready, `npm start exited (${code}) before it was ready:\n${out}`).toBe(true);
    // It got as far as the dev server: the screen checked is the whole of it.
    expect(out).toMatch(/Starting the Vite dev server/);
    expect(out.split('\n').filter((l) => /\b(warn|warning|warnings|deprecated)\b|\(!\)/i.test(l)), out).toEqual([]);
  }, 600_000);
});
