import { describe, expect, it } from 'vitest';
import { parseLesson, readLessons } from './lessons.mjs';

const good = `---
title: Cancelling timers
summary: Why remove(Object) hurts.
source: Netty commit 1f1a60ae7d
level: introductory
minutes: 25
prereading: 10
order: 1
---
# Body
`;

describe('lesson front matter', () => {
  it('parses every field and takes the slug from the file name', () => {
    expect(parseLesson('lessons/cancelling-timers.mdx', good)).toEqual({
      slug: 'cancelling-timers', title: 'Cancelling timers', summary: 'Why remove(Object) hurts.',
      source: 'Netty commit 1f1a60ae7d', level: 'introductory', minutes: 25, prereading: 10, order: 1,
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
