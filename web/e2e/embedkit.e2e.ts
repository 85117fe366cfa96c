import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteUrl, useBrowser } from './browser';
import { contentHeight, frameOf, hostHtml, hostPages } from './host';
import { emptyProgress, progressJson, record, summaryCsv } from '../src/exercises/progress';
import { generate, type Answer, type Instance } from '../src/exercises/exercises';
import { loadWasm } from '../src/wasm/loader';

const browser = useBrowser();

describe('the embed kit', () => {
  it('sizes three embeds to their content on a page of another origin, follows its theme, loads lazily', async () => {
    const site = siteUrl();
    const q = (s: string) => encodeURIComponent(s);
    const host = await hostPages({ 'index.html': hostHtml(site, `<h1>Design notes</h1>
<hotpath-widget src="${site}embed/heap?heap=jdk&ops=${q('add 50, add 30, add 90, add 10')}&step=end" title="The JDK heap" theme="dark"></hotpath-widget>
<p>Some prose between the embeds.</p>
<iframe src="${site}embed/queue?queue=clq&ops=${q('fill 3, poll')}&step=end" title="A CLQ" style="width:100%;border:0" height="200"></iframe>
<div style="height:2500px">A long section.</div>
<hotpath-widget src="${site}embed/recycler?version=after&ops=${q('A: get, get, B: recycle 1, recycle 2, A: get, get')}&step=end" title="The Recycler"></hotpath-widget>`) });
    try {
      const { page, errors } = await browser.open();
      await page.goto(host.url);
      expect(new URL(host.url).origin).not.toBe(new URL(site).origin);
      // The third embed is far below: no frame until it scrolls near.
      await expect.poll(() => page.locator('iframe').count()).toBe(2);
      await expect.poll(() => page.locator('iframe[data-hotpath-sized]').count()).toBe(2);
      await page.locator('hotpath-widget').nth(1).scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('iframe').count()).toBe(3);
      await expect.poll(() => page.locator('iframe[data-hotpath-sized]').count()).toBe(3);
      const titles = await page.locator('iframe').evaluateAll((fs) => fs.map((f) => (f as HTMLIFrameElement).title));
      expect(titles).toEqual(['The JDK heap', 'A CLQ', 'The Recycler']);
      for (let i = 0; i < 3; i++) {
        const f = await frameOf(page, i);
        const iframe = page.locator('iframe').nth(i);
        await expect.poll(async () => Math.abs((await iframe.evaluate((e) => e.clientHeight)) - (await contentHeight(f)))).toBeLessThanOrEqual(1);
        // No scrollbar inside: the document is no taller than the frame.
        expect(await f.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(1);
      }
      const heap = await frameOf(page, 0);
      await expect.poll(() => heap.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await (await frameOf(page, 2)).evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
      // The host changes its theme: the frame follows.
      await page.locator('hotpath-widget').first().evaluate((w) => w.setAttribute('theme', 'light'));
      await expect.poll(() => heap.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      // Keyboard inside the frame: focus a control, press Enter.
      const rec = await frameOf(page, 2);
      const before = await rec.locator('.narration').innerText();
      await rec.getByRole('button', { name: 'Step back' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rec.locator('.narration').innerText()).not.toBe(before);
      // A player grows (the script gets longer): the frame follows its content.
      const first = page.locator('iframe').first();
      const h0 = await first.evaluate((e) => e.clientHeight);
      await heap.getByLabel('Ops script').fill('add 50, add 30, add 90, add 10, add 70, add 20, add 5, add 1, add 60, add 40, add 45, add 2, add 3');
      await expect.poll(() => first.evaluate((e) => e.clientHeight)).toBeGreaterThan(h0);
      await expect.poll(async () => Math.abs((await first.evaluate((e) => e.clientHeight)) - (await contentHeight(heap)))).toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('saves the current step as a valid SVG and PNG, captioned and linking back', async () => {
    const ops = encodeURIComponent('A: get, get, B: recycle 1, recycle 2, A: get, get');
    const { page, errors } = await browser.open(`embed/recycler?version=after&ops=${ops}&step=12`);
    await page.getByText('Share / embed').click();
    const [svgDl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(svgDl.suggestedFilename()).toBe('recycler-after-step-12.svg');
    const svg = readFileSync((await svgDl.path())!, 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toContain('<foreignObject'); // plain shapes and text, which any renderer draws
    expect(svg).toContain('Step 12 of ');
    expect(svg).toMatch(/href="http[^"]+embed\/recycler\?variant=after&amp;[^"]*step=12&amp;v=[^"]+"/);
    // Styles written out: the only classes are the picture's own text styles, defined in it, named for it.
    const classes = [...new Set(svg.match(/class="[^"]*"/g)!)];
    expect(classes.every((c) => /^class="hp[0-9a-z]+-t\d+"$/.test(c)), classes.join(' ')).toBe(true);
    for (const c of classes) expect(svg).toContain(`.${c.slice(7, -1)}{`);
    const wellFormed = await page.evaluate((text) => !new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror'), svg);
    expect(wellFormed).toBe(true);
    const [pngDl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(pngDl.suggestedFilename()).toBe('recycler-after-step-12.png');
    const png = readFileSync((await pngDl.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThan(400);
    expect(height).toBeGreaterThan(200);
    // The Markdown snippet previews the picture it points at.
    await page.getByRole('button', { name: 'Preview' }).nth(2).click();
    await expect.poll(() => page.locator('img.snippet-preview').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(400);
    expect(await page.getByRole('textbox').filter({ hasText: '' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('documents every route on the "Embed this lab" page, with a live element that sizes itself', async () => {
    const { page, errors } = await browser.open('embed');
    await expect.poll(() => page.getByRole('heading', { name: 'Embed this lab', level: 1 }).count()).toBe(1);
    const rows = await page.getByRole('table', { name: /Routes under \/embed\// }).locator('tbody tr').count();
    expect(rows).toBe(9);
    await expect.poll(() => page.locator('.live-embed iframe[data-hotpath-sized]').count()).toBe(1);
    // The figure-only example, further down, loads as it comes near.
    await page.locator('.live-embed').nth(1).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.live-embed iframe[data-hotpath-sized]').count()).toBe(2);
    expect(errors).toEqual([]);
  });
});

// The class view grades every answer again from the seed, so the exports carry real answers:
// right is the model answer, wrong one that is not.
let SET: Instance[];
const right = (id: string): Answer => SET.find((i) => i.id === id)!.expected;
const wrongBy = (id: string, by: number) => String(Number(right(id)) + by);
const otherChoice = (id: string) => SET.find((i) => i.id === id)!.choices!.find((c) => c !== right(id))!;

function exportOf(name: string, answers: [string, unknown, boolean][], hints: string[] = []) {
  let p = { ...emptyProgress('recycler', 'class-7'), student: name };
  for (const h of hints) p = record(p, { exercise: h, action: 'hint' });
  for (const [exercise, answer, correct] of answers) p = record(p, { exercise, action: 'answer', answer: answer as number, correct });
  return { json: progressJson(p, SET), csv: summaryCsv(p, SET) };
}

describe('the class view', () => {
  beforeAll(async () => {
    await loadWasm(readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
    SET = generate('recycler', 'class-7')!;
  });

  it('loads five students’ exports and names the broken one; hardest first, common wrong answers, replay links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotpath-class-'));
    const files = [
      ['ada.json', exportOf('Ada', [['next-get', right('next-get'), true], ['handles-moved', wrongBy('handles-moved', 4), false], ['handles-moved', right('handles-moved'), true]]).json],
      ['bo.json', exportOf('Bo', [['next-get', otherChoice('next-get'), false], ['handles-moved', wrongBy('handles-moved', 4), false]], ['handles-moved']).json],
      ['cy.json', exportOf('Cy', [['handles-moved', wrongBy('handles-moved', 4), false], ['write-index', right('write-index'), true]]).json],
      ['dee.csv', exportOf('Dee', [['next-get', right('next-get'), true], ['handles-moved', wrongBy('handles-moved', 1), false]]).csv],
      ['eve.csv', exportOf('=cmd()', [['next-get', right('next-get'), true]]).csv],
      ['broken.json', '{"lesson": "recycler", "seed": '],
    ].map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    });
    const { page, errors } = await browser.open('teacher');
    await page.getByLabel('choose files').setInputFiles(files);
    const table = page.getByRole('table', { name: 'class results' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(5);
    // The seed is not in the heading (a seed opens its answers): it is in the closed Question sets line.
    expect(await page.getByRole('heading', { name: /^5 students; Pooling objects with Netty's Recycler$/ }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'files left out' }).innerText()).toMatch(/broken\.json: not valid JSON/);
    const ada = await table.locator('tbody tr').first().innerText();
    expect(ada).toMatch(/^Ada\t2 of 11\t✓ first try\t—\t✓ in 2\t/);
    const hardestFirst = await page.getByRole('list', { name: 'hardest exercises' }).locator('li').first().innerText();
    expect(hardestFirst).toMatch(/^How many handles move in one scavenge\?: solved by 1 of the 4 who tried \(5 sent this lesson\), 0 at the first try, 1 hint asked\.$/);
    const wrong = page.getByRole('region', { name: 'wrong answers: How many handles move in one scavenge?' });
    expect(await wrong.locator('li').first().innerText()).toBe(`${wrongBy('handles-moved', 4)} — 3 times`);
    expect(await wrong.getByRole('link', { name: 'Replay this exercise’s steps' }).getAttribute('href')).toMatch(/embed\/recycler\?variant=after&ops=A:%20get-many%20\d+,%20B:%20recycle-all,%20A:%20get,%20get/);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the gradebook (CSV)' }).click()]);
    const text = readFileSync((await dl.path())!, 'utf8');
    // A file for a spreadsheet: UTF-8's byte-order mark first (issue 59 item 4).
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const csv = text.slice(1).split('\n');
    expect(csv[0].startsWith(`student,solved,first try,questions,percent solved,files,edited?,score,ID number,email,Pooling objects with Netty's Recycler · 1. ${SET[0].title}: solved`), csv[0].slice(0, 200)).toBe(true);
    expect(csv.filter((l) => l.startsWith("'=cmd()"))).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
