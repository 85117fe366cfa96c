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
    // No retry. Three of five fresh clones once failed one check each, all waiting a minute for a
    // lesson's widget; the cause was a lesson page left at "Loading the lesson…" when its preloaded
    // chunk arrived between the page's first render and its effect (LessonPage.tsx; issue 61). A
    // failed check prints where each of its tabs stood (browser.ts, whereItStands).
  },
});
