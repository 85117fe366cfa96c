// Someone else's page: a docs site on another origin (another port of 127.0.0.1), serving the
// HTML a test writes, to embed the lab as a docs author would.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { serveStatic } from '../scripts/static-server.mjs';

/**
 * Serves `files` (name → HTML) from a fresh folder on a port of its own; `close` when done.
 * `framable`: sent without the lab's frame-ancestors rule, so any site may frame the pages (an ad).
 */
export async function hostPages(files: Record<string, string>, o: { framable?: boolean } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hotpath-host-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return serveStatic(dir, { base: '/', isolate: false, ...(o.framable ? { framing: false } : {}) });
}

/** Runs `test` with `files` served as someone else's site, and stops serving them after. */
export async function onHost(files: Record<string, string>, test: (url: string) => Promise<void>): Promise<void> {
  const host = await hostPages(files);
  try {
    await test(host.url);
  } finally {
    await host.close();
  }
}

/** A host page: `body` inside a plain document, the embed script loaded from the lab. */
export const hostHtml = (site: string, body: string, head = '') => `<!doctype html><html><head><meta charset="utf-8">
<title>Someone's docs</title>${head}</head>
<body style="margin:0 auto;max-width:900px;font-family:sans-serif">
<script src="${site}embed.js" async></script>
${body}
</body></html>`;

/** The embed's own height, as the framed page measures it (laying it out on the spot). */
export const contentHeight = (f: Frame) => f.evaluate(() => {
  const m = document.querySelector('main.embed')!;
  return Math.ceil(m.getBoundingClientRect().bottom + window.scrollY + (parseFloat(getComputedStyle(m).marginBottom) || 0));
});

/** The frame of the `index`-th iframe on the page, once its embed has rendered. */
export async function frameOf(page: Page, index: number): Promise<Frame> {
  const handle = await page.locator('iframe').nth(index).elementHandle();
  const f = await handle!.contentFrame();
  await f!.waitForSelector('main.embed');
  return f!;
}

/** How far each iframe's height is from its content's, in pixels. */
export async function misfits(page: Page): Promise<number[]> {
  const out: number[] = [];
  const n = await page.locator('iframe').count();
  for (let i = 0; i < n; i++) {
    const f = await frameOf(page, i);
    const h = await page.locator('iframe').nth(i).evaluate((e) => e.clientHeight);
    out.push(Math.abs(h - (await contentHeight(f))));
  }
  return out;
}

/**
 * Waits until nothing on the page or in its frames is still moving: no animation or transition
 * running (a theme's fade, a frame's resize) and the fonts in. What a pixel read or a "nothing
 * more happens" check waits for, instead of a pause.
 */
export async function stillness(page: Page): Promise<void> {
  await expect.poll(async () => {
    for (const f of page.frames()) {
      const moving = await f.evaluate(() => document.fonts.status !== 'loaded' || document.getAnimations().some((a) => a.playState === 'running' || a.pending))
        .catch(() => false); // a frame gone or not yet a document moves nothing
      if (moving) return false;
    }
    return true;
  }).toBe(true);
}
