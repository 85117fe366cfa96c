// Every "Replay these steps in the player" link replays the question's own situation: the script
// it opens is the one the question shows. A question about figures (a rate, an interval, a
// budget) has no script of its own, and so no replay link (issue 57).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmFromDisk } from './testing';
import { generate, lessonsWithExercises } from './exercises';

beforeAll(loadWasmFromDisk);

/** The whole numbers a text holds ("1,024" is 1024). */
const numbers = (text: string) => new Set([...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, ''))));

describe('replay links', () => {
  for (const lesson of lessonsWithExercises()) {
    it(`${lesson}: each one opens the script its question is about`, () => {
      const wrong: string[] = [];
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        for (const q of generate(lesson, seed)!) {
          if (!q.replay) continue;
          // What the question shows: its prompt, its code, its cells and choices.
          const shown = numbers([q.prompt, q.code?.text ?? '', ...(q.cells?.labels ?? []), ...(q.choices ?? [])].join(' '));
          // Most of the script's numbers (deadlines, delays, sizes; not its small ids) are the question's.
          const used = [...numbers(q.replay.ops)].filter((n) => n >= 2);
          const missing = used.filter((n) => !shown.has(n));
          if (missing.length > used.length / 2) {
            wrong.push(`${q.id} (seed ${seed}): the replay “${q.replay.ops}” has ${missing.join(', ')}, which the question does not show`);
          }
        }
      }
      expect([...new Set(wrong.map((w) => w.replace(/ \(seed \w\)/, '')))].slice(0, 20)).toEqual([]);
    });
  }
});
