// What a teacher needs from every lesson, checked: the guide at the top (objectives, prerequisites
// linked to a primer, a time plan whose rows are the lesson's sections and add up to its minutes),
// key takeaways and further reading at the end, and instructor notes with the four parts a class
// needs. And the primers the lessons link to exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

  it('assigns reading before class and plans the class from an introduction to a wrap-up, each adding up to its front matter', () => {
    const meta2 = meta as unknown as { minutes: number; prereading: number };
    const rowsOf = (list: string) => [...list.matchAll(/\["([^"]+)", (\d+)\]/g)].map((m) => [m[1], Number(m[2])] as const);
    const plan = between(text, '<TimePlan', '/>');
    const before = rowsOf(between(plan, 'before={[', ']}'));
    const rows = rowsOf(plan.slice(plan.indexOf('rows={[')));
    const sections = headings(text);
    // A row names a section, or a part of one in brackets ("Exercises (the first two)").
    const sectionOf = (row: string) => row.replace(/ \(.*\)$/, '');
    for (const [row] of [...before, ...rows]) if (!['Introduction', 'Wrap-up'].includes(row)) expect(sections, row).toContain(sectionOf(row));
    expect(rows[0]?.[0]).toBe('Introduction');
    expect(rows.at(-1)?.[0]).toBe('Wrap-up');
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.reduce((s, [, m]) => s + m, 0)).toBe(meta2.prereading);
    expect(rows.reduce((s, [, m]) => s + m, 0)).toBe(meta2.minutes);
    // Every section up to the exercises is planned, before class or in it, each list in the page's order.
    for (const list of [before, rows]) {
      const order = list.map(([r]) => sectionOf(r)).filter((r) => sections.includes(r)).map((r) => sections.indexOf(r));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    const planned = new Set([...before, ...rows].map(([r]) => sectionOf(r)));
    for (const section of sections.slice(0, sections.indexOf('Exercises') + 1)) expect([...planned], section).toContain(section);
    // The assignment says what to do before class, and points to the handout.
    const guide = between(text, '<LessonGuide>', '</LessonGuide>');
    expect(guide).toMatch(/\*\*Before class:\*\*[^]*\]\([a-z-]+\/handout\)/);
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

  it('checks what the class knows before and after: the same concept questions, each with one right choice', async () => {
    const pre = text.indexOf(`<Quiz lesson="${meta.slug}" phase="pre" />`);
    const post = text.indexOf(`<Quiz lesson="${meta.slug}" phase="post" />`);
    expect(pre, 'a pre-lesson check before the first section').toBeGreaterThan(text.indexOf('</LessonGuide>'));
    expect(pre).toBeLessThan(text.indexOf('\n## '));
    expect(post, 'a post-lesson check before the takeaways').toBeGreaterThan(text.indexOf('## Exercises'));
    expect(post).toBeLessThan(text.indexOf('## Key takeaways'));
    const { quiz } = await import(`../../../lessons/${meta.slug}/quiz.ts`) as { quiz: { id: string; choices: string[]; answer: string }[] };
    expect(quiz.length).toBeGreaterThanOrEqual(4);
    expect(new Set(quiz.map((q) => q.id)).size).toBe(quiz.length);
    for (const q of quiz) expect(q.choices, q.id).toContain(q.answer);
  });

  it('asks an open design question graded by a rubric, with a model answer for the teacher', () => {
    const open = between(text, '<OpenQuestion', '</OpenQuestion>');
    expect(open, 'an <OpenQuestion>').not.toBe('');
    expect([...between(open, 'rubric={[', ']}>').matchAll(/\["[^"]+", "[^"]{20,}"\]/g)].length).toBeGreaterThanOrEqual(3);
    expect(between(text, '<InstructorNotes>', '</InstructorNotes>')).toMatch(/\*\*The open question: a model answer\.\*\* \S/);
  });

  it('gives each discussion prompt a model answer and a rubric', () => {
    const notes = between(text, '<InstructorNotes>', '</InstructorNotes>');
    const prompts = notes.split('<Prompt ').slice(1).map((p) => p.slice(0, p.indexOf('</Prompt>')));
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const p of prompts) {
      expect([...between(p, 'rubric={[', ']}>').matchAll(/\["[^"]+", "[^"]{20,}"\]/g)].length, p.slice(0, 60)).toBeGreaterThanOrEqual(3);
      expect(p.slice(p.indexOf(']}>') + 3).trim().length, `${p.slice(0, 60)}: its model answer`).toBeGreaterThan(150);
    }
  });

  it('has a one-page handout of its key diagrams and computed figures', () => {
    const handout = join(ROOT, 'lessons', meta.slug, 'handout.mdx');
    expect(existsSync(handout), `lessons/${meta.slug}/handout.mdx`).toBe(true);
    const h = readFileSync(handout, 'utf8');
    // Figures from the published data and claims (never typed), and a real structure drawn figure-only.
    expect(h).toMatch(/<(Fig|FigRatio|FigTable|JvmFig|Claim)\b/);
    expect(h).toMatch(/show="[a-z,]*drawing/);
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
