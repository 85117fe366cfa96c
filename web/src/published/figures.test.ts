import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compact, exact, figureOf, figureText, lessonFigures, rounded, type Figure } from './figures';

const ROOT = join(__dirname, '../../..');
const slugs = readdirSync(join(ROOT, 'lessons')).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
/** A lesson's prose: its page, and its one-page handout after it (both quote the same figures). */
const mdx = (slug: string) => [join(ROOT, 'lessons', `${slug}.mdx`), join(ROOT, 'lessons', slug, 'handout.mdx')]
  .filter((f) => { try { return statSync(f).isFile(); } catch { return false; } }).map((f) => readFileSync(f, 'utf8')).join('\n');

/** A measured result (not a setup parameter such as a timeout or a bound). */
const isResult = (f: Figure) => f.unit.endsWith('/s') || f.unit === '%';

/** The ways prose could type a figure by hand: as printed, rounded, short. Only those with 3+ digits. */
function spellings(f: Figure): string[] {
  const v = f.value;
  const out = [exact(v, f.decimals), exact(v), rounded(v, 2), rounded(v, 3), compact(v, 2), compact(v, 3), compact(v, 2).replace('K', 'k'), String(v)];
  if (v >= 1000) out.push(Math.trunc(v).toLocaleString('en-US'), String(Math.trunc(v)));
  if (f.unit === '%') out.push(`${v} %`, `${v}%`);
  return [...new Set(out)].filter((s) => (s.match(/\d/g) ?? []).length >= 3 || s.endsWith('%'));
}

describe('published figures', () => {
  it('formats numbers as the documents printed them', () => {
    expect(exact(12274.42, 3)).toBe('12,274.420');
    expect(exact(0.743)).toBe('0.743');
    expect(rounded(110823170.627, 3)).toBe('111,000,000');
    expect(rounded(13.521, 3)).toBe('13.5');
    expect(rounded(0.743, 2)).toBe('0.74');
    expect(compact(2115651.826, 2)).toBe('2.1M');
    expect(figureText({ value: 0.743, error: 0.003, unit: 'ops/s', what: '', source: '' }, { error: true, unit: true })).toBe('0.743 ± 0.003 ops/s');
  });

  it('keeps every inline figure inside its sentence (MDX makes a tag alone on its line a block)', () => {
    for (const slug of slugs) {
      const alone = mdx(slug).split('\n').map((line, i) => [i + 1, line.trim()] as const)
        .filter(([, line]) => /^<(Fig|FigRatio|JvmFig|Claim)\b.*\/>$/.test(line));
      expect(alone.map(([n, line]) => `${slug}.mdx:${n}: ${line}`)).toEqual([]);
    }
  });

  it('every figure, ratio and table a lesson names exists in its data file', () => {
    for (const slug of slugs) {
      const text = mdx(slug);
      const ids = [...text.matchAll(/<Fig\s+id="([^"]+)"/g), ...text.matchAll(/<FigRatio\s+of="([^"]+)"\s+over="([^"]+)"/g)]
        .flatMap((m) => m.slice(1));
      for (const id of ids) expect(() => figureOf(slug, id), `${slug}: ${id}`).not.toThrow();
      for (const [, name] of text.matchAll(/<FigTable\s+name="([^"]+)"/g)) {
        expect(Object.values(lessonFigures(slug)?.figures ?? {}).some((f) => f.table?.name === name), `${slug}: table ${name}`).toBe(true);
      }
    }
  });

  it('no lesson types a published result by hand', () => {
    for (const slug of slugs) {
      const lesson = lessonFigures(slug);
      if (!lesson) continue;
      // The prose without the components that quote figures, and without front matter.
      const prose = mdx(slug).replace(/^---[\s\S]*?---/, '').replace(/<Fig(Ratio|Table)?\b[^>]*\/>/g, '');
      for (const [id, f] of Object.entries(lesson.figures)) {
        if (!isResult(f)) continue;
        for (const s of spellings(f)) {
          const at = prose.search(new RegExp(`(?<![\\d.,])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d])`));
          expect(at, `lessons/${slug}.mdx types figure "${id}" as "${s}": quote it with <Fig id="${id}" />`).toBe(-1);
        }
      }
    }
  });

  it('no code types a published result again', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const n of readdirSync(dir)) {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) {
          if (n !== 'pkg' && n !== 'node_modules') walk(p);
        } else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.test.ts') && !p.endsWith('published.ts')) files.push(p);
      }
    };
    walk(join(ROOT, 'web/src'));
    walk(join(ROOT, 'lessons'));
    for (const slug of slugs) {
      for (const [id, f] of Object.entries(lessonFigures(slug)?.figures ?? {})) {
        // Round figures (40,000) also stand for other things in code (a 60,000 ms budget): prose is checked for those.
        if (!isResult(f) || f.value < 100 || f.value % 1000 === 0) continue;
        const literal = String(f.value);
        const underscored = literal.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
        for (const file of files) {
          const text = readFileSync(file, 'utf8');
          expect(text.includes(literal) || text.includes(underscored), `${file} types "${id}" (${literal}) again`).toBe(false);
        }
      }
    }
  });
});
