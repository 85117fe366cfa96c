import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLesson, readLessons } from './lessons.mjs';

const good = `---
title: Cancelling timers
summary: Why remove(Object) hurts.
source: Netty commit 1f1a60ae7d
level: introductory
minutes: 25
order: 1
---
# Body
`;

describe('lesson front matter', () => {
  it('parses every field and takes the slug from the file name', () => {
    expect(parseLesson('lessons/cancelling-timers.mdx', good)).toEqual({
      slug: 'cancelling-timers', title: 'Cancelling timers', summary: 'Why remove(Object) hurts.',
      source: 'Netty commit 1f1a60ae7d', level: 'introductory', minutes: 25, order: 1,
    });
  });

  it('names the file and line of a bad field', () => {
    const bad = good.replace('minutes: 25', 'minutes: soon');
    expect(() => parseLesson('lessons/x.mdx', bad)).toThrow(
      'lessons/x.mdx:6: front matter field "minutes" must be a positive whole number');
  });

  it('reports a missing field', () => {
    const bad = good.replace('level: introductory\n', '');
    expect(() => parseLesson('lessons/x.mdx', bad)).toThrow('"level" must be one of introductory, intermediate, advanced (it is missing)');
  });

  it('rejects a file without front matter and a bad slug', () => {
    expect(() => parseLesson('lessons/x.mdx', '# just a title')).toThrow('lessons/x.mdx:1:');
    expect(() => parseLesson('lessons/Bad Name.mdx', good)).toThrow('must be a slug');
  });

  it('reads the real lessons folder', () => {
    const lessons = readLessons();
    expect(lessons.length).toBeGreaterThan(0);
    for (const l of lessons) expect(l.title.length).toBeGreaterThan(0);
  });
});

describe('each lesson’s time plan', () => {
  // The plan in the "Before you start" box is the page's table of contents with minutes: it names
  // every section up to the takeaways, in the page's order, and adds up to the minutes the
  // lesson's card says it takes.
  for (const { slug, minutes } of readLessons()) {
    it(`${slug}: lists the sections in order and adds up to ${minutes} minutes`, () => {
      const text = readFileSync(join(import.meta.dirname, '..', '..', 'lessons', `${slug}.mdx`), 'utf8');
      const plan = /<TimePlan rows=\{(\[[\s\S]*?\])\} \/>/.exec(text);
      expect(plan, 'a <TimePlan rows={…} />').not.toBeNull();
      const rows = /** @type {[string, number][]} */ (JSON.parse(/** @type {RegExpExecArray} */ (plan)[1].replace(/,\s*\]$/, ']')));
      const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(rows.map(([title]) => title)).toEqual(headings.slice(0, headings.indexOf('Key takeaways')));
      expect(rows.reduce((n, [, m]) => n + m, 0)).toBe(minutes);
    });
  }
});
