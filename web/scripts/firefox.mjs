// Headless Firefox, driven over WebDriver BiDi by puppeteer-core (which downloads no browser of
// its own: the binary is Debian's firefox-esr, or FIREFOX_PATH; see ensureFirefox). One launcher
// for the Firefox smoke suite and `npm run bench -- <suite> --firefox`.
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

/** Launches `executablePath` headless with a fresh profile; resolves to puppeteer's Browser. */
export async function launchFirefox(executablePath, { width = 1280, height = 900 } = {}) {
  // Firefox writes caches and its crash reporter's files under HOME: a root shell's HOME may not be
  // writable (CI), so it gets a folder of its own; puppeteer makes the profile (a temporary one).
  let home = process.env.HOME;
  try {
    accessSync(home ?? '', constants.W_OK);
  } catch {
    home = mkdtempSync(join(tmpdir(), 'hotpath-firefox-home-'));
  }
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    defaultViewport: { width, height },
    env: { ...process.env, HOME: home, MOZ_CRASHREPORTER_DISABLE: '1' },
    extraPrefsFirefox: {
      // No update checks, telemetry or first-run pages talking to the network mid-test.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.reportingpolicy.firstRun': false,
      'browser.shell.checkDefaultBrowser': false,
      // A link's download (the pages' exports) is saved without asking.
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
}

/** "Firefox 153.7.0" from puppeteer's "firefox/153.7.0". */
export async function firefoxVersion(browser) {
  const v = await browser.version();
  return `Firefox ${v.replace(/^firefox\//i, '')}`;
}
