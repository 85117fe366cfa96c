// The Firefox smoke suite (`npm test`'s stage after the Chromium one): the same served build, in
// Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core. A few checks of each kind a
// reader relies on, not the Chromium suite again.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.firefox.ts'],
    environment: 'node',
    globalSetup: ['../global-setup.ts'],
    // As the Chromium suite's: a benchmark in Workers on a shared machine takes a minute or more;
    // a hung test still fails, after three.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 60_000 } },
    // One Firefox for the whole suite, one file after another.
    fileParallelism: false,
    // A test that fails is run once more, in new tabs. In full `npm test` runs on 2026-11-26, three
    // of five fresh clones failed one Firefox check each, a different one each time, all waiting a
    // minute for a lesson's late widget (a button, an input, the race's status); alone, the suite
    // passed 12 runs of 13. The cause is not found (Firefox's automation after the Chromium suite,
    // or the lesson's staged mounting in Firefox: see the note of that day); a check that fails
    // twice still fails the suite.
    retry: 1,
  },
});
