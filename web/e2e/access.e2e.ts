// The lab for a student who uses a screen reader or a keyboard (issue 56). First axe-core, with
// the WCAG 2.1 A and AA rules, on every kind of page at a desktop's width and a phone's. Then a
// lesson as such a student meets it: through the accessibility tree alone (roles, names, the text
// live regions announce), never the pixels: step a player and hear each step once, read the
// running pseudocode line and what the drawing holds, answer an exercise, and keep the focus on
// a sensible control after every action.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import FAMILY_FACTS from '../src/catalog/families.json';
import { allWidgetsMounted, useBrowser } from './browser';

const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const LESSONS = ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler'];
const ROUTES = ['', ...LESSONS.map((l) => `lessons/${l}`), 'primers', 'embed', 'teacher', 'class',
  ...FAMILY_FACTS.map((f) => `embed/${f.name}`)];

/** axe-core's WCAG 2.1 A and AA violations on the page as it stands: each rule with a few of its nodes. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
  });
}

describe('WCAG 2.1 A and AA, as axe-core checks them', () => {
  for (const width of [1280, 390]) {
    it(`finds no violation on any kind of page at ${width} px`, async () => {
      const found: Record<string, string[]> = {};
      for (const route of ROUTES) {
        const { page, errors } = await browser.open(route, { viewport: { width, height: width > 500 ? 900 : 844 } });
        await page.locator('main').first().waitFor();
        // A lesson mounts its widgets one after another: all of them are checked.
        if (route.startsWith('lessons/')) await allWidgetsMounted(page);
        else await page.locator('main :is(h1, h2, .widget)').first().waitFor();
        const v = await violations(page);
        if (v.length) found[`/${route}`] = v;
        expect(errors, route).toEqual([]);
        await page.close();
      }
      expect(found).toEqual({});
    }, 600_000);
  }
});

/**
 * Starts recording what the page's live regions say: each region's text, each time it changes
 * (what a screen reader announces). Read it back with `heard(page)`.
 */
async function listen(page: Page) {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { heard: string[] }).heard = said;
    const live = (n: Node | null) => (n instanceof Element ? n : n?.parentElement)?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]');
    new MutationObserver((records) => {
      const regions = new Set(records.map((r) => live(r.target)).filter((r): r is Element => !!r));
      for (const r of regions) {
        const text = r.textContent?.replace(/\s+/g, ' ').trim();
        if (text) said.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard.splice(0));

/** The focused element's role and name, as the accessibility tree gives them. */
async function focused(page: Page): Promise<string> {
  const snapshot = await page.locator(':focus').ariaSnapshot();
  // "- button \"Solved\" [disabled]: …": its role and name (a button that does nothing now is marked so, and keeps the focus).
  return snapshot.split('\n')[0].replace(/^- /, '').replace(/:.*$/, '').replace(/ \[[^\]]*\]/g, '');
}

/** The player's sentence for the step shown: the live paragraph of its tree. */
async function sentence(player: Locator): Promise<string> {
  return (await player.locator('p[aria-live]').innerText()).replace(/\s+/g, ' ').trim();
}

describe('a lesson through the accessibility tree alone', () => {
  for (const lesson of LESSONS) {
    it(`${lesson}: steps a player, hearing each step once, and answers an exercise, the focus kept`, async () => {
      const seed = 'a11y-walk';
      const key = await answerKey(lesson, seed);
      expect(key.size).toBeGreaterThan(0);

      const { page, errors } = await browser.open(`lessons/${lesson}?seed=${seed}`);
      await allWidgetsMounted(page);
      await listen(page);

      // A player: a region named "… step player".
      const player = page.getByRole('region', { name: / step player$/ }).first();
      const forward = player.getByRole('button', { name: 'Step forward' });
      await player.getByRole('button', { name: 'Jump to start' }).click();
      await heard(page);
      for (let i = 0; i < 3; i++) {
        await forward.click();
        // The step's sentence is announced, once (the step count beside the slider is not a live region).
        const step = await sentence(player);
        await expect.poll(async () => (await heard(page)).filter((t) => t === step).length).toBe(1);
        expect(await focused(page)).toBe('button "Step forward"');
      }
      const tree = await player.ariaSnapshot();
      // The running pseudocode line says so in words, and the drawing's state is text: an image
      // described by what it holds, or tables and lists of its parts.
      expect(tree).toMatch(/Running now:/);
      expect(tree).toMatch(/img "[^"]{20,}"|table "|list "/);

      // An exercise with a typed or chosen answer, answered by its role and name alone.
      const articles = page.getByRole('article');
      const count = await articles.count();
      let answered = false;
      for (let i = 0; i < count && !answered; i++) {
        const ex = articles.nth(i);
        // "Count the equals() calls, a compute question": the title before the kind.
        const title = /article "(.+?) ?, an? \w+ question"/.exec((await ex.ariaSnapshot()).split('\n')[0])?.[1];
        const answer = title && key.get(title);
        if (!answer) continue;
        const box = ex.getByRole('textbox', { name: 'Your answer' });
        const choice = ex.getByRole('radio', { name: answer, exact: true });
        // The key groups a number by thousands (5,050), as a choice is labelled; a typed one is digits only.
        if (await box.count()) await box.fill(/^\d{1,3}(,\d{3})+$/.test(answer) ? answer.replace(/,/g, '') : answer);
        else if (await choice.count()) await choice.check();
        else continue;
        const check = ex.getByRole('button', { name: 'Check' });
        await check.click();
        // The verdict is announced, and the focus stays on the button (now "Solved").
        await expect.poll(async () => (await heard(page)).some((t) => t.startsWith('Correct.'))).toBe(true);
        expect(await focused(page)).toBe('button "Solved"');
        answered = true;
      }
      expect(answered, 'an exercise with a typed or chosen answer').toBe(true);

      // A hint, asked for before any answer, is announced.
      const withHint = articles.filter({ has: page.getByRole('button', { name: 'Hint' }) }).last();
      await withHint.getByRole('button', { name: 'Hint' }).click();
      await expect.poll(async () => (await heard(page)).some((t) => t.startsWith('Hint:'))).toBe(true);
      expect(await focused(page)).toBe('button "Hint"');
      expect(errors).toEqual([]);
    });
  }
});

/** The model answers of a seed's questions, by title, as a teacher's screen reader reads the answer key's table. */
async function answerKey(lesson: string, seed: string): Promise<Map<string, string>> {
  const { page } = await browser.open(`lessons/${lesson}?seed=${seed}&teacher=1`);
  const table = page.getByRole('table', { name: new RegExp(`Answer key for set ${seed}`) });
  await table.waitFor();
  const key = new Map<string, string>();
  for (const row of await table.getByRole('row').all()) {
    const header = row.getByRole('rowheader');
    if (!(await header.count())) continue;
    key.set((await header.innerText()).trim(), (await row.getByRole('cell').nth(1).innerText()).trim());
  }
  await page.close();
  return key;
}
