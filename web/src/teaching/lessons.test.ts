// What a teacher needs from every lesson, checked: the guide at the top (objectives, prerequisites
// linked to a primer, a time plan whose rows are the lesson's sections and add up to its minutes),
// key takeaways and further reading at the end, and instructor notes with the four parts a class
// needs. And the primers the lessons link to exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../scripts/lessons.mjs';

const ROOT = join(__dirname, '../../..');
const files = readdirSync(join(ROOT, 'lessons')).filter((f) => f.endsWith('.mdx'));
const read = (f: string) => readFileSync(join(ROOT, 'lessons', f), 'utf8');
const primers = readFileSync(join(ROOT, 'web/src/pages/primers.mdx'), 'utf8');
const primerIds = new Set([...primers.matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1]));

/** The `## ` headings of a lesson, in order. */
const headings = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
/** The part of a lesson between two tags. */
const between = (text: string, open: string, close: string) => {
  const a = text.indexOf(open);
  const b = text.indexOf(close, a);
  return a >= 0 && b > a ? text.slice(a, b) : '';
};

describe.each(files)('%s, for a teacher', (file) => {
  const text = read(file);
  const meta = parseLesson(`lessons/${file}`, text) as { slug: string; minutes: number };

  it('opens with a guide: objectives, prerequisites linked to primers or lessons, before the first section', () => {
    const guide = between(text, '<LessonGuide>', '</LessonGuide>');
    expect(guide).not.toBe('');
    expect(text.indexOf('<LessonGuide>')).toBeLessThan(text.indexOf('\n## '));
    expect(guide).toMatch(/\*\*You will be able to\*\*/);
    expect((guide.match(/^- /gm) ?? []).length).toBeGreaterThanOrEqual(3);
    const before = /\*\*Before you start:\*\*([\s\S]*?)\n\n/.exec(guide)?.[1] ?? '';
    const links = [...before.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const l of links) {
      const primer = /^\.\.\/primers#(.+)$/.exec(l);
      if (primer) expect(primerIds, l).toContain(primer[1]);
      else expect(files, l).toContain(`${l}.mdx`);
    }
  });

  it('plans its time section by section, and the plan adds up to the minutes it says', () => {
    const plan = between(text, '<TimePlan', '/>');
    const rows = [...plan.matchAll(/\["([^"]+)", (\d+)\]/g)].map((m) => [m[1], Number(m[2])] as const);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const sections = headings(text);
    for (const [section] of rows) expect(sections, section).toContain(section);
    expect(rows.reduce((s, [, m]) => s + m, 0)).toBe(meta.minutes);
  });

  it('ends with key takeaways and further reading, after the exercises', () => {
    const h = headings(text);
    const [ex, take, read] = ['Exercises', 'Key takeaways', 'Further reading'].map((x) => h.indexOf(x));
    expect(ex).toBeGreaterThanOrEqual(0);
    expect(take).toBeGreaterThan(ex);
    expect(read).toBeGreaterThan(take);
    const reading = text.slice(text.indexOf('## Further reading'));
    expect((reading.match(/\]\(https:\/\//g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(reading).toContain('shipilev.net');
  });

  it('folds away instructor notes: expected results, what to do with “inconclusive”, misconceptions, prompts', () => {
    const notes = between(text, '<InstructorNotes>', '</InstructorNotes>');
    for (const part of ['**Expected results on a 2-core laptop.**', '**When a verdict says "inconclusive".**', '**Common misconceptions.**', '**Discussion prompts.**']) {
      expect(notes, part).toContain(part);
    }
  });
});

describe('the further reading the lab was asked for', () => {
  it('is linked from the lessons it belongs to', () => {
    const all = files.map(read).join('\n');
    for (const link of ['doi.org/10.1145/41457.37504', 'Purgatory+Redesign+Proposal', 'doi.org/10.1145/248052.248106', 'arxiv.org/abs/1012.1824', 'doi.org/10.1007/s10766-012-0213-x', 'devoxx-Nov2013-benchmarking.pdf']) {
      expect(all, link).toContain(link);
    }
  });
});
