// The players on the lesson pages, used as the lessons tell students to use them: a setting the
// lesson gives (a schedule, a capacity, assertions on) is where the player starts, and every box
// of every player takes what is typed, key by key, and re-runs the structure.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { allWidgetsMounted, useBrowser } from './browser';

const browser = useBrowser();

/** A command each family's script can take at its end, adding one operation. */
const ONE_MORE: Record<string, string> = { heap: 'poll', wheel: 'drain', queue: 'poll', recycler: 'get' };

/** A value each setting refuses, and one it takes (`current` is what the box holds now). */
const VALUES: Record<string, { bad: string; good: (current: string) => string }> = {
  Capacity: { bad: 'lots', good: () => '2' },
  Schedule: { bad: 'nobody', good: () => 'random 5' },
  'Max capacity': { bad: 'lots', good: () => '3' },
};

/**
 * The lesson's player of `kind` whose script is `ops`: looked for until it has mounted, since a
 * lesson mounts its widgets one after another.
 */
async function player(page: Page, kind: string, ops: string): Promise<Locator> {
  const all = page.locator(kind);
  await all.first().getByLabel('Ops script', { exact: true }).waitFor();
  const scripts = () => all.getByLabel('Ops script', { exact: true }).evaluateAll((boxes) => boxes.map((b) => (b as HTMLTextAreaElement).value));
  await expect.poll(scripts, { message: `no ${kind} runs “${ops}”` }).toContain(ops);
  return all.nth((await scripts()).indexOf(ops));
}

const link = (w: Locator) => w.locator('.share a').first().getAttribute('href');

/** Clears a box and types `text` one key at a time, as a student does. */
async function typeInto(box: Locator, text: string) {
  await box.fill('');
  await box.pressSequentially(text);
}

/** Jumps to the last step (a player already there has the button disabled). */
async function toEnd(w: Locator) {
  const end = w.getByRole('button', { name: 'Jump to end' }).first();
  if (await end.isEnabled()) await end.click();
}

/** Types into every box of one player or race and checks that it follows each edit. */
async function everyBox(w: Locator, where: string) {
  const family = /\b(\w+)-(player|race)\b/.exec((await w.getAttribute('class')) ?? '')![1];
  const script = w.getByLabel('Ops script', { exact: true });
  const ops = `${await script.inputValue()}, ${ONE_MORE[family]}`;
  await script.press('End');
  await script.pressSequentially(`, ${ONE_MORE[family]}`);
  expect(await script.inputValue(), where).toBe(ops);
  await expect.poll(async () => new URL((await link(w))!).searchParams.get('ops'), { message: where }).toBe(ops);
  expect(await script.getAttribute('aria-invalid'), where).toBe('false');

  for (const box of await w.locator('.script-settings input').all()) {
    const label = await w.locator(`label[for="${await box.getAttribute('id')}"]`).innerText();
    const name = label.toLowerCase().replace(' ', '-'); // the link's parameter: "max-capacity"
    const v = VALUES[label];
    expect(v, `${where}: a setting box “${label}” this test does not know`).toBeDefined();
    const at = `${where}, ${label}`;
    const good = v.good(await box.inputValue());
    // A value Rust refuses: the error appears at the box, so the typed text reached the structure.
    await typeInto(box, v.bad);
    expect(await box.inputValue(), at).toBe(v.bad);
    await expect.poll(() => box.getAttribute('aria-invalid'), { message: at }).toBe('true');
    const status = w.locator(`[id="${await box.getAttribute('aria-describedby')}"]`);
    expect(await status.innerText(), at).toContain(v.bad);
    // Read out once the typing pauses (a status beside the box), not as an alert on every key.
    const spoken = status.locator('xpath=following-sibling::*[@role="status"][1]');
    await expect.poll(() => spoken.innerText(), { message: at }).toContain(v.bad);
    // Then a good one: the box keeps it, the error goes, and the link carries it.
    await typeInto(box, good);
    expect(await box.inputValue(), at).toBe(good);
    await expect.poll(() => box.getAttribute('aria-invalid'), { message: at }).toBe('false');
    await expect.poll(async () => new URL((await link(w))!).searchParams.get(name), { message: at }).toBe(good);
  }
  // A setting with few values is a choice: each one it offers runs, and the link carries it.
  for (const box of await w.locator('.script-settings select').all()) {
    const label = await w.locator(`label[for="${await box.getAttribute('id')}"]`).innerText();
    const name = label.toLowerCase().replace(' ', '-');
    for (const option of await box.locator('option').allTextContents()) {
      await box.selectOption(option);
      const at = `${where}, ${label} ${option}`;
      await expect.poll(() => box.getAttribute('aria-invalid'), { message: at }).toBe('false');
      await expect.poll(async () => new URL((await link(w))!).searchParams.get(name), { message: at }).toBe(option);
    }
  }
}

describe('the players on the lesson pages', () => {
  for (const lesson of ['cancelling-timers', 'request-timeouts', 'bounded-queues', 'recycler']) {
    it(`take what is typed into every box on ${lesson}, key by key, and re-run`, async () => {
      const { page, errors } = await browser.open(`lessons/${lesson}`);
      const widgets = page.locator('.widget.player, .widget.race-view');
      await allWidgetsMounted(page);
      const n = await widgets.count();
      expect(n).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < n; i++) {
        const w = widgets.nth(i);
        await w.getByLabel('Ops script', { exact: true }).waitFor();
        await everyBox(w, `${lesson}, widget ${i + 1} (${await w.getAttribute('aria-label')})`);
      }
      expect(await page.getByRole('button', { name: 'Restart widget' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it('follow the lesson’s own suggestions: another schedule makes the other thread win, assertions off drop the map', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    const race = await player(page, '.queue-player', 'A: offer 1, B: offer 2');
    const contents = () => race.getByRole('list', { name: 'queue contents', exact: true }).locator('li').allTextContents();
    await toEnd(race);
    expect(await contents()).toEqual(['1', '2']);
    await typeInto(race.getByLabel('Schedule', { exact: true }), 'B B B A A A B A');
    await toEnd(race);
    expect(await contents()).toEqual(['2', '1']);

    const abq = await player(page, '.queue-player', 'fill 5, poll, offer 9');
    const count = () => abq.getByRole('table', { name: 'queue fields', exact: true }).locator('tr').filter({ hasText: 'count' }).locator('td').innerText();
    expect(await count()).toBe('4');
    await typeInto(abq.getByLabel('Capacity', { exact: true }), '2');
    await toEnd(abq);
    expect(await count()).toBe('2');
    expect(errors).toEqual([]);

    await page.goto(page.url().replace('bounded-queues', 'recycler'));
    const map = await player(page, '.recycler-player', 'get, get, recycle 2, recycle 1, get, recycle 2');
    expect(await map.getByRole('list', { name: 'identity map' }).count()).toBe(1);
    // Assertions are a choice, on or off, not a box that takes (and refuses) "yes" (issue 48, item 18).
    expect(await map.getByLabel('Assertions', { exact: true }).evaluate((e) => e.tagName)).toBe('SELECT');
    await map.getByLabel('Assertions', { exact: true }).selectOption('off');
    await expect.poll(() => map.getByRole('list', { name: 'identity map' }).count()).toBe(0);
    const first = page.locator('.recycler-player').first();
    await first.getByLabel('Assertions', { exact: true }).selectOption('on');
    await expect.poll(() => first.getByRole('list', { name: 'identity map' }).count()).toBe(1);
  });
});

describe('where the lesson players open', () => {
  it('is the moment the paragraph above points at', async () => {
    const { page, errors } = await browser.open('lessons/bounded-queues');
    // "size() walks the list …: watch it read every node": the player opens as size() is called.
    const size = await player(page, '.queue-player', 'fill 6, poll, size');
    expect(await size.locator('.narration').innerText()).toBe('T calls size().');
    // "The same check on an ArrayBlockingQueue reads one field. The race below runs one script on both":
    // it opens after size(), with the counts of the walk and of the one read.
    const race = page.locator('.queue-race');
    expect(await race.locator('.narration').first().innerText()).toMatch(/^After operation 9 of 9 \(T: size → 8\): ConcurrentLinkedQueue: .*8 nodes counted by size\(\); ArrayBlockingQueue: 1 read/);
    expect(errors).toEqual([]);

    // "Fifty timers are added, and then the last one is cancelled: the wheel unlinks one entry;
    // the delay queue scans its array": the race opens on that cancel.
    await page.goto(page.url().replace('bounded-queues', 'request-timeouts'));
    const wheels = page.locator('.wheel-race');
    await expect.poll(() => wheels.locator('.narration').first().innerText())
      .toMatch(/^After operation 51 of 52 \(cancel 50\): Kafka's timing wheel: .*1 bucket unlink.*; DelayQueue of tasks: .*50 delay-queue equals\(\) calls/);
  });
});
