// Pictures and figures a docs author keeps (issue 26): drawings exported as plain SVG that a
// non-browser renderer draws, laid out as on screen (no text over text, nothing cut at a scroll
// box), downloads wherever a snippet names one, one naming rule, and the figure-only view.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteUrl, useBrowser } from './browser';
import { hostPages } from './host';
import FAMILY_FACTS from '../src/catalog/families.json';

const browser = useBrowser();
const q = (s: string) => encodeURIComponent(s);
const RSVG = process.env.RSVG_CONVERT || '';

/** One drawing of each family, at a moment with something in every part of it. */
const DRAWINGS = {
  'heap-race': `embed/heap?heap=race&ops=${q('schedule 15, cancel-reverse')}&step=20`,
  wheel: `embed/wheel?view=wheel&ops=${q('add 1 5, add 2 12, add 3 5, add 4 60, add 5 470, advance 100, add 6 3000')}&step=end`,
  // Scrolled to slot 18 on a phone: the row names that stay at the left edge are for the screen only.
  'wheel-scrolled': `embed/wheel?view=wheel&ops=${q('add 1 18')}&step=end`,
  'queue-race': `embed/queue?queue=race&ops=${q('P1: offer 1, P2: offer 2, C: poll')}&step=end`,
  recycler: `embed/recycler?version=after&ops=${q('A: get-many 30, B: recycle-all, A: get')}&step=end`,
};

/** Opens Share / embed and downloads the picture as `kind`; returns the file's name and bytes. */
async function downloadPicture(page: Page, kind: 'SVG' | 'PNG') {
  const share = page.locator('details.share-embed').first();
  if (!(await share.evaluate((d) => (d as HTMLDetailsElement).open))) await share.locator('summary').click();
  const [dl] = await Promise.all([page.waitForEvent('download'), share.getByRole('button', { name: `Download ${kind}` }).click()]);
  return { name: dl.suggestedFilename(), data: readFileSync((await dl.path())!) };
}

/**
 * Every pair of texts drawn over each other, as the SVG itself lays them out: boxes sharing more
 * than a third of the smaller one (line boxes include the font's ascent and descent, so a slot's
 * number just above its expiration shares a sliver without a glyph touching).
 */
async function overlappingText(page: Page, svg: string): Promise<string[]> {
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('text')].filter((t) => t.textContent!.trim())
      .map((t) => ({ text: t.textContent!.trim(), r: t.getBoundingClientRect() }));
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r;
        const b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        const smaller = Math.min(a.width * a.height, b.width * b.height);
        if (w > 0 && h > 0 && w * h > smaller / 3) out.push(`${boxes[i].text} / ${boxes[j].text}`);
      }
    }
    const svgBox = document.querySelector('svg')!.getBoundingClientRect();
    for (const { text, r } of boxes) {
      if (r.left < svgBox.left - 1 || r.right > svgBox.right + 1 || r.top < svgBox.top - 1 || r.bottom > svgBox.bottom + 1) out.push(`${text} outside the picture`);
    }
    return out;
  });
}

/** The share of pixels, above the caption, that differ from the picture's background: a blank picture has none. */
async function inkIn(page: Page, png: Buffer, drawnHeight: number): Promise<{ ink: number; colours: number }> {
  return page.evaluate(async ({ b64, drawn }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = Math.min(img.height, drawn);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const bg = [d[0], d[1], d[2]];
    let ink = 0;
    const colours = new Set<number>();
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - bg[0]) + Math.abs(d[i + 1] - bg[1]) + Math.abs(d[i + 2] - bg[2]) > 30) ink++;
      colours.add((d[i] >> 4) * 256 + (d[i + 1] >> 4) * 16 + (d[i + 2] >> 4));
    }
    return { ink: ink / (c.width * c.height), colours: colours.size };
  }, { b64: png.toString('base64'), drawn: drawnHeight });
}

describe('pictures of the drawings', () => {
  for (const width of [1280, 390]) {
    it(`are plain SVG laid out as on screen, with every row and slot, at ${width} px`, async () => {
      const { page, errors } = await browser.open('', { viewport: { width, height: 900 } });
      for (const [name, path] of Object.entries(DRAWINGS)) {
        await page.goto(siteUrl() + path);
        await page.locator('.trace-player').first().waitFor();
        const rows = await page.getByRole('table', { name: 'handles' }).locator('tbody tr').count();
        const svg = await downloadPicture(page, 'SVG');
        const text = svg.data.toString('utf8');
        expect(text, name).not.toContain('<foreignObject');
        expect(svg.data.length, `${name}: ${svg.data.length} bytes`).toBeLessThan(120_000);
        const png = await downloadPicture(page, 'PNG');
        const w = Number(/width="(\d+)"/.exec(text)![1]);
        const h = Number(/height="(\d+)"/.exec(text)![1]);
        expect([png.data.readUInt32BE(16), png.data.readUInt32BE(20)], name).toEqual([2 * w, 2 * h]);
        // Nothing cut at a scroll box: every handle's row (the recycler), every slot of the wheel.
        for (let i = 1; i <= rows; i++) expect(text, `${name}: row o${i}`).toContain(`>o${i}</text>`);
        if (name.startsWith('wheel')) for (let s = 0; s < 20; s++) expect(text, `slot ${s}`).toContain(`>${s}</text>`);
        expect(await overlappingText(page, text), name).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }

  // Skipped, and reported as skipped, where rsvg-convert (Debian: librsvg2-bin) is not installed: `npm test` says so as it starts.
  it.skipIf(!RSVG)('render with a non-browser renderer (rsvg-convert), not blank, in either theme', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotpath-rsvg-'));
    const { page, errors } = await browser.open();
    for (const [name, path] of Object.entries(DRAWINGS)) {
      for (const theme of ['light', 'dark'] as const) {
        await page.goto(siteUrl() + path);
        await page.locator('.trace-player').first().waitFor();
        await page.locator('details.share-embed summary').first().click();
        await page.getByLabel('Picture theme').selectOption(theme);
        const svg = await downloadPicture(page, 'SVG');
        const text = svg.data.toString('utf8');
        const file = join(dir, `${name}-${theme}.svg`);
        writeFileSync(file, text);
        const png = execFileSync(RSVG, [file]);
        const drawn = Number(/<text font-family="[^"]*" font-size="13"[^>]*><tspan x="8" y="(\d+)"/.exec(text)![1]) - 20;
        const { ink, colours } = await inkIn(page, png, drawn);
        expect(ink, `${name} (${theme}): share of inked pixels`).toBeGreaterThan(0.03);
        expect(colours, `${name} (${theme}): colours`).toBeGreaterThan(4);
        const bg = /<rect width="100%" height="100%" fill="(#[0-9a-f]{6})"/.exec(text)![1];
        expect(bg, `${name} (${theme}) background`).toBe(theme === 'dark' ? '#181c21' : '#ffffff');
      }
    }
    expect(errors).toEqual([]);
  });
});

describe('the figure-only view', () => {
  // Every family's own example (the catalog's), so a new family is checked too.
  const FAMILIES = Object.fromEntries(FAMILY_FACTS.map((f) => [f.name, `embed/${f.name}?${new URLSearchParams(f.example.params)}`]));

  it('shows just the drawing, the step buttons and the narration in every family, and Share / embed starting with those parts', async () => {
    const { page, errors } = await browser.open('', { viewport: { width: 860, height: 900 } });
    for (const [family, path] of Object.entries(FAMILIES)) {
      await page.goto(siteUrl() + path);
      await page.locator('.trace-player').first().waitFor();
      const full = await page.locator('main.embed').evaluate((m) => m.getBoundingClientRect().height);
      expect(await page.getByLabel('Ops script').count(), family).toBe(1);
      await page.goto(`${siteUrl()}${path.replace('&ops=', '&show=drawing,controls,narration&ops=')}`);
      await page.locator('.trace-player').first().waitFor();
      expect(await page.getByLabel('Ops script').count(), family).toBe(0);
      expect(await page.locator('.pseudocode').count(), family).toBe(0);
      expect(await page.getByRole('table', { name: /work counted/i }).count(), family).toBe(0);
      expect(await page.getByRole('group', { name: /player/ }).count(), family).toBe(1);
      expect(await page.locator('.narration').count(), family).toBe(1);
      // Shared as it is (issue 60: it had no Share / embed): the dialog starts with its parts.
      const share = page.locator('details.share-embed');
      expect(await share.count(), family).toBe(1);
      await share.locator('summary').click();
      for (const [part, ticked] of [['Drawing', true], ['Step controls', true], ['Narration', true], ['Pseudocode', false], ['Counters', false], ['Script and settings', false]] as const) {
        expect(await share.getByLabel(part, { exact: true }).isChecked(), `${family}: ${part}`).toBe(ticked);
      }
      expect(await share.getByLabel('Link to this exact state').inputValue(), family).toContain('show=drawing,controls,narration&');
      await share.locator('summary').click();
      const compact = await page.locator('main.embed').evaluate((m) => m.getBoundingClientRect().height);
      expect(compact, `${family}: ${compact} vs ${full}`).toBeLessThan(full - 150);
      // The step stays in the address, with show, while stepping.
      await page.getByRole('button', { name: 'Jump to start' }).click();
      await expect.poll(() => page.evaluate(() => location.search)).toMatch(/show=drawing,controls,narration&ops=.*&step=0/);
    }
    await page.goto(`${siteUrl()}embed/heap?heap=jdk&show=drawing,chart`);
    expect(await page.getByRole('alert').innerText()).toMatch(/show=drawing,chart: “chart” is not a part; expected some of drawing, controls, narration, pseudocode, counters and script/);
    expect(errors).toEqual([]);
  });

  it('is offered by Share / embed, and its picture holds only the parts chosen', async () => {
    // One heap drawn alone, as the parts below are the JDK heap's.
    const { page, errors } = await browser.open(`embed/heap?heap=jdk&ops=${q('schedule 7, cancel-reverse')}&step=12`);
    await page.locator('details.share-embed summary').first().click();
    for (const part of ['Pseudocode', 'Counters', 'Script and settings']) await page.getByLabel(part, { exact: true }).uncheck();
    const link = await page.getByLabel('Link to this exact state').inputValue();
    expect(link).toContain('show=drawing,controls,narration&');
    // Once measured for the new link (the box is empty until then: issue 60).
    await expect.poll(() => page.getByRole('textbox', { name: /Custom element/ }).inputValue()).toContain('show=drawing,controls,narration&amp;');
    const svg = (await downloadPicture(page, 'SVG')).data.toString('utf8');
    const narration = (await page.locator('.narration').innerText()).split(/\s+/).slice(0, 3).join(' ');
    expect(svg).toContain(`>${narration}`);
    expect(svg).toMatch(/<circle /); // the drawing
    expect(svg).not.toContain('>Pseudocode</text>');
    expect(svg).not.toMatch(/>equals\(\) calls<\/text>/);
    await page.getByLabel('Counters', { exact: true }).check();
    expect((await downloadPicture(page, 'SVG')).data.toString('utf8')).toMatch(/>equals\(\) calls<\/text>/);
    expect(errors).toEqual([]);
  });
});

describe('pictures of some parts (issue 43)', () => {
  /** Boxes of the rendered SVG's parts, in its own pixels. */
  async function layoutOf(page: Page, svg: string) {
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    return page.evaluate(() => {
      const root = document.querySelector('svg')!.getBoundingClientRect();
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { left: r.left - root.left, right: r.right - root.left, top: r.top - root.top, bottom: r.bottom - root.top, width: r.width, height: r.height };
      };
      return {
        width: root.width,
        svgs: [...document.querySelectorAll('svg svg')].map(box),
        texts: [...document.querySelectorAll('text')].map((t) => ({ text: t.textContent!.trim(), x: t.getAttribute('x'), ...box(t) })),
        rects: [...document.querySelectorAll('rect')].map(box),
      };
    });
  }

  it('lay a figure-only picture out for the parts chosen: the JDK heap’s tree fills the canvas, the Recycler’s links stay in their thread’s box', async () => {
    const { page, errors } = await browser.open(`embed/heap?variant=jdk&ops=${q('schedule 7, cancel-reverse')}&step=12`);
    await page.locator('details.share-embed summary').click();
    for (const part of ['Pseudocode', 'Counters', 'Script and settings']) await page.getByLabel(part, { exact: true }).uncheck();
    const heap = (await downloadPicture(page, 'SVG')).data.toString('utf8');
    // The view on screen is back as it was, its side column and all.
    expect(await page.locator('.pseudocode').count()).toBe(1);
    const h = await layoutOf(page, heap);
    // What the tree draws, from its leftmost label to its rightmost node (55 % of the canvas before).
    const tree = h.svgs.reduce((a, b) => (a.width * a.height > b.width * b.height ? a : b));
    expect(tree.width / h.width, `the tree is ${tree.width} px of ${h.width}`).toBeGreaterThan(0.75);

    await page.goto(`${siteUrl()}embed/recycler?variant=race&ops=${q('A: get-many 16, B: recycle-all, A: get')}&step=end`);
    await page.locator('details.share-embed summary').click();
    for (const part of ['Counters', 'Script and settings']) await page.getByLabel(part, { exact: true }).uncheck();
    const recycler = await layoutOf(page, (await downloadPicture(page, 'SVG')).data.toString('utf8'));
    const q1 = recycler.texts.find((t) => t.text === 'q1')!;
    const last = recycler.texts.find((t) => t.text === '16')!;
    // Thread A's box in the "after" lane: the smallest box around its queue.
    const thread = recycler.rects.filter((r) => r.width > 150 && r.left <= q1.left && r.right >= q1.right && r.top <= q1.top && r.bottom >= q1.bottom)
      .reduce((a, b) => (a.width * a.height < b.width * b.height ? a : b));
    expect(last.right, `link 16 ends at ${last.right}, thread A's box at ${thread.right}`).toBeLessThanOrEqual(thread.right);
    expect(errors).toEqual([]);
  });

  it('draw a line broken inside a word where it is (the CLQ legend), the benchmark’s legend, and name files by theme, run and deadlines', async () => {
    const { page, errors } = await browser.open(`embed/queue?variant=clq&ops=${q('fill 5, poll, poll')}&step=end`);
    const clq = await layoutOf(page, (await downloadPicture(page, 'SVG')).data.toString('utf8'));
    const first = clq.texts.find((t) => t.text.startsWith('Boxes are nodes'))!;
    const second = clq.texts.find((t) => t.text.includes('self-linked'))!;
    expect(second.x, second.text).toBe(first.x);

    await page.goto(`${siteUrl()}embed/bench?suite=recycler&preset=quick&run=0`);
    await expect.poll(() => page.locator('.bench-panel .legend li').count()).toBeGreaterThan(1);
    // The lines' entries; the "show published" checkbox is a control, not a line (issue 60).
    const legend = await page.locator('.bench-panel .legend li:not([data-picture="omit"])').allInnerTexts();
    expect(await page.locator('.bench-panel .legend li[data-picture="omit"]').innerText()).toMatch(/, dotted$/);
    const bench = await downloadPicture(page, 'SVG');
    // Before a run the panel shows the committed run: the file says so, and which preset it was.
    const committed = await page.locator('.bench-progress').innerText();
    const preset = /, (quick|full) preset\./.exec(committed)![1];
    expect(bench.name).toBe(`recycler-${preset}-committed.svg`);
    const text = bench.data.toString('utf8');
    for (const l of legend) expect(text, l).toContain(`>${l.trim().split(/\s+/)[0]}`);
    expect(text).not.toMatch(/, dotted<\/text>/);

    await page.goto(`${siteUrl()}embed/heap?variant=jdk&ops=${q('add 5, add 3')}&step=end`);
    await page.locator('details.share-embed summary').click();
    for (const [theme, suffix] of [['dark', '-dark'], ['light', '']] as const) {
      await page.getByLabel('Picture theme').selectOption(theme);
      expect((await downloadPicture(page, 'SVG')).name).toBe(`heap-jdk-step-6${suffix}.svg`);
      expect(await page.getByRole('textbox', { name: /^Markdown picture/ }).inputValue()).toContain(`](heap-jdk-step-6${suffix}.png)`);
    }

    await page.goto(`${siteUrl()}embed/heap-layout?deadlines=${q('50 30 90 10')}`);
    expect((await downloadPicture(page, 'PNG')).name).toBe('heap-layout-50-30-90-10.png');
    expect(errors).toEqual([]);
  });
});

describe('snippets and downloads', () => {
  it('offer the picture a Markdown snippet names, on every widget that has one', async () => {
    const { page, errors } = await browser.open();
    const widgets = [
      `embed/heap?heap=race&ops=${q('schedule 15, cancel-reverse')}&step=15`,
      `embed/wheel?view=wheel&ops=${q('add 1 5')}&step=91`,
      'embed/heap-layout?deadlines=50%2030%2090',
      'embed/cost-curves?run=0',
      'embed/purgatory-sim?preset=quick&run=0',
      'embed/overload-sim?queue=abq',
      'embed/bench?suite=heap-cancel&preset=quick&run=0',
    ];
    for (const path of widgets) {
      await page.goto(siteUrl() + path);
      const share = page.locator('details.share-embed').first();
      await share.locator('summary').click();
      const markdown = share.getByRole('textbox', { name: /^Markdown picture/ });
      const named = /\]\(([^)]+\.png)\)\]/.exec(await markdown.inputValue())![1];
      const png = share.getByRole('button', { name: 'Download PNG' });
      if (await png.isEnabled()) {
        expect((await downloadPicture(page, 'PNG')).name, path).toBe(named);
      } else {
        // No picture yet (nothing has run): the snippet and the buttons say so, and why.
        expect(await share.getByText(/^Markdown picture \(no picture yet: /).count(), path).toBe(1);
        expect(await share.getByRole('button', { name: 'Download SVG' }).isDisabled(), path).toBe(true);
      }
    }
    // The cost curves, once counted, download the file their snippet names.
    await page.goto(`${siteUrl()}embed/cost-curves?run=0`);
    await page.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Counted \d+ points/ }).count(), { timeout: 60_000 }).toBe(1);
    await page.locator('details.share-embed summary').click();
    expect((await downloadPicture(page, 'PNG')).name).toBe('cost-curves.png');
    expect(errors).toEqual([]);
  }, 120_000);

  it('take the author’s caption into the picture, and say when an embed was made with another release', async () => {
    const { page, errors } = await browser.open(`embed/heap?heap=jdk&ops=${q('add 5, add 3')}&step=end`);
    await page.locator('details.share-embed summary').click();
    await expect.poll(() => page.getByRole('textbox', { name: /^HTML iframe/ }).inputValue()).toMatch(/&amp;v=\d+\.\d+\.\d+[^"]*"/);
    await page.getByLabel('Picture caption').fill('Two adds: the smaller key rises to the root.');
    const svg = (await downloadPicture(page, 'SVG')).data.toString('utf8');
    expect(svg).toContain('Two adds: the smaller key rises to the root.');
    await page.goto(`${siteUrl()}embed/heap?heap=jdk&ops=add%201&v=0.0.1`);
    expect(await page.getByRole('status').filter({ hasText: 'embedded from Hotpath Lab 0.0.1' }).innerText()).toMatch(/^This view was embedded from Hotpath Lab 0\.0\.1; this is \d+\.\d+\.\d+, which may draw it differently\.$/);
    await page.goto(`${siteUrl()}embed/heap?heap=jdk&v=latest`);
    expect(await page.getByRole('alert').innerText()).toMatch(/v=latest is not a version of the lab/);
    expect(errors).toEqual([]);
  });

  it('name a picture by one rule: the guide’s Markdown names the file its example downloads', async () => {
    const { page, errors } = await browser.open('embed');
    const markdown = await page.getByRole('figure').filter({ hasText: 'Markdown' }).locator('code').innerText();
    const [, named, link] = /\]\(([^)]+\.png)\)\]\(([^)]+)\)/.exec(markdown)!;
    await page.goto(link);
    await page.locator('.trace-player').first().waitFor();
    expect(await page.locator('.notice').count()).toBe(0); // same release: no version notice
    expect((await downloadPicture(page, 'PNG')).name).toBe(named);
    expect(named).toMatch(/^recycler-after-step-\d+\.png$/);
    expect(errors).toEqual([]);
  });

  it('carry the view’s real height: a plain iframe snippet on another site shows it whole, without a scrollbar', async () => {
    const { page, errors } = await browser.open(`embed/queue?queue=race&ops=${q('fill 5, poll, poll')}&step=end`, { viewport: { width: 900, height: 900 } });
    await page.locator('details.share-embed summary').click();
    await expect.poll(() => page.getByText(/^Height [\d,]+ px, measured for a column [\d,]+ px wide\./).count()).toBe(1);
    const iframe = await page.getByRole('textbox', { name: /HTML iframe/ }).inputValue();
    // The frame's height: the view's, measured here, and what Firefox needs more, if anything (issue 60).
    const frameHeight = Number(/height="(\d+)"/.exec(iframe)![1]);
    const said = await page.getByText(/^Height /).innerText();
    const height = Number(/^Height ([\d,]+) px/.exec(said)![1].replace(/,/g, ''));
    const column = Number(/measured for a column ([\d,]+) px wide/.exec(said)![1].replace(/,/g, ''));
    expect(height).toBeGreaterThan(900);
    expect(frameHeight).toBeGreaterThanOrEqual(height);
    // No embed script on this page: only the snippet's own height holds the frame.
    const host = await hostPages({ 'index.html': `<!doctype html><html><body style="margin:0"><div style="width:${column}px">${iframe}</div></body></html>` });
    try {
      await page.goto(host.url);
      const frame = await (await page.locator('iframe').elementHandle())!.contentFrame();
      await frame!.waitForSelector('.trace-player');
      // The view has grown to the height the snippet carries (its layout done), and only then is
      // it read for a scrollbar: one that a late widget would add has had its chance.
      await expect.poll(() => frame!.evaluate(() => document.querySelector('main.embed')!.getBoundingClientRect().bottom).then((b) => Math.abs(b - height))).toBeLessThanOrEqual(2);
      await expect.poll(() => frame!.evaluate(() => document.querySelector('.widget-loading, [data-settling]') === null)).toBe(true);
      const over = await frame!.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
      expect(over).toBeLessThanOrEqual(1);
      const content = await frame!.evaluate(() => document.querySelector('main.embed')!.getBoundingClientRect().bottom);
      expect(Math.abs(content - height)).toBeLessThanOrEqual(2);
      expect(await page.locator('iframe').evaluate((f) => f.clientHeight)).toBe(frameHeight);
    } finally {
      await host.close();
    }
    expect(errors).toEqual([]);
  });
});

describe('pictures for a column (issue 60)', () => {
  /** The picture Share / embed makes for a column `column` px wide, as an SVG. */
  async function pictureFor(page: Page, column: number) {
    const share = page.locator('details.share-embed').first();
    if (!(await share.evaluate((d) => (d as HTMLDetailsElement).open))) await share.locator('summary').click();
    await share.getByLabel('Column width', { exact: true }).fill(String(column));
    // The benchmark's committed run arrives after the panel: its picture is offered once it has.
    await expect.poll(() => share.getByRole('button', { name: 'Download SVG' }).isEnabled()).toBe(true);
    return downloadPicture(page, 'SVG');
  }

  it('fill the 720 px column they are made for on a page of another origin, their text at 12 px or more at 1×', async () => {
    // The lab's window is wider than the column: the picture is laid out for the column, not the window.
    const { page, errors } = await browser.open('', { viewport: { width: 1280, height: 900 } });
    const views = [
      'embed/bench?suite=recycler&preset=quick&run=0',
      'embed/heap-layout?deadlines=50%2030%2090%2010%2070%2020',
      'embed/cost-curves?run=0',
    ];
    const svgs: string[] = [];
    for (const path of views) {
      await page.goto(siteUrl() + path);
      if (path.includes('cost-curves')) {
        await page.getByRole('button', { name: 'Count' }).click();
        await expect.poll(() => page.getByRole('status').filter({ hasText: /Counted \d+ points/ }).count()).toBe(1);
      }
      const svg = (await pictureFor(page, 720)).data.toString('utf8');
      expect(Number(/^<svg [^>]*width="(\d+)"/.exec(svg)![1]), path).toBe(720);
      svgs.push(svg);
    }
    // Each picture in a 720 px column of someone's page, shown as a Markdown renderer shows one: at most the column's width.
    const body = svgs.map((svg) => `<figure style="margin:0 0 2em">${svg.replace('<svg ', '<svg style="max-width:100%;height:auto;display:block" ')}</figure>`).join('\n');
    const host = await hostPages({ 'index.html': `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><main style="width:720px;margin:0 auto">${body}</main></body></html>` });
    try {
      await page.goto(host.url);
      const shown = await page.locator('main > figure > svg').evaluateAll((roots) => roots.map((root) => {
        const box = root.getBoundingClientRect();
        const texts = [...root.querySelectorAll('text')].filter((t) => t.textContent!.trim());
        // A text's size as drawn: its font size times the scale its drawing (a chart's viewBox) puts on it.
        const sizes = texts.map((t) => {
          const m = (t as SVGTextElement).getScreenCTM()!;
          return { text: t.textContent!.trim(), px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) };
        });
        // How much of the picture's width the drawing spans (its shapes and text, not the background).
        let left = Infinity;
        let right = -Infinity;
        for (const e of root.querySelectorAll(':scope > g *')) {
          const r = e.getBoundingClientRect();
          if (r.width > 0 && r.width < box.width * 0.99) [left, right] = [Math.min(left, r.left), Math.max(right, r.right)];
        }
        return { width: box.width, smallest: sizes.reduce((a, b) => (a.px < b.px ? a : b)), span: (right - left) / box.width };
      }));
      shown.forEach((s, i) => {
        expect(s.width, views[i]).toBe(720);
        expect(s.smallest.px, `${views[i]}: “${s.smallest.text}”`).toBeGreaterThanOrEqual(11.95);
        expect(s.span, views[i]).toBeGreaterThan(0.9);
      });
    } finally {
      await host.close();
    }
    expect(errors).toEqual([]);
  });

  it('name the full and the figure-only picture of one step apart', async () => {
    const { page, errors } = await browser.open(`embed/heap?variant=race&ops=${q('schedule 15, cancel-reverse')}&step=30`);
    const share = page.locator('details.share-embed').first();
    await share.locator('summary').click();
    expect((await downloadPicture(page, 'PNG')).name).toBe('heap-race-step-30.png');
    for (const part of ['Pseudocode', 'Counters', 'Script and settings']) await share.getByLabel(part, { exact: true }).uncheck();
    expect((await downloadPicture(page, 'PNG')).name).toBe('heap-race-step-30-figure.png');
    expect(await share.getByRole('textbox', { name: /^Markdown picture/ }).inputValue()).toContain('](heap-race-step-30-figure.png)');
    expect(errors).toEqual([]);
  });
});
