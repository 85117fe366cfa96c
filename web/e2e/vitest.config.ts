import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  // As the site's build defines it: tests that import the page's modules (the teacher view's
  // re-grading) read the release from it.
  define: { __LAB_VERSION__: JSON.stringify(version) },
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Typing key by key into every box, or a benchmark in Workers, takes a minute or more when
    // the machine is shared; a hung test still fails, after three.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // A poll waits for the page to reach a state; on a machine busy with other work a page can take
    // seconds to get there, so the wait is long (it bounds a hang, it measures nothing).
    expect: { poll: { timeout: 60_000 } },
    // Two files at once, each with its own Chromium: a file spends about half its time waiting on
    // the page (typing key by key, a lesson mounting its widgets), so on two cores a second file
    // fills the gaps. More would only queue for the same cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
