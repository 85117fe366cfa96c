// The exercise framework is shared by every lesson, so it names no structure: a lesson brings its
// own nouns (what a cell holds, what a row of cells is). Screen readers once read "deadline 1"
// for a timer's number and a queue's element because the framework's default was a heap's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The families' words, as they would slip into shared text: singular and plural, any case. */
const FAMILY_WORDS = [
  'heap', 'timer', 'deadline', 'queue', 'recycler', 'wheel', 'bucket', 'cascade', 'expiration', 'purgatory',
  'stack', 'slot', 'node', 'producer', 'consumer', 'offer', 'poll', 'scavenge', 'kafka', 'netty', 'jdk', 'jctools',
];
const pattern = new RegExp(`\\b(${FAMILY_WORDS.join('|')})(e?s)?\\b`, 'i');

describe('the shared exercise framework (web/src/exercises)', () => {
  it('names no structure family, in code, text or comments', () => {
    const dir = import.meta.dirname;
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
    expect(files).toContain('Exercises.tsx');
    const found: string[] = [];
    for (const f of files) {
      readFileSync(join(dir, f), 'utf8').split('\n').forEach((line, i) => {
        // Node's own modules ("node:fs") are not a linked list's nodes.
        const m = pattern.exec(line.replace(/'node:[a-z]+'/g, "''"));
        if (m) found.push(`${f}:${i + 1}: “${m[0]}” in ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('would catch one: the check reads the words as a reader would', () => {
    for (const text of ['the heap’s array', 'Deadlines', 'click the TIMERS', "queue's", 'a poll']) expect(text).toMatch(pattern);
    for (const text of ['heapify', 'timeline', 'knowledge', 'typeof x === "object"']) expect(text).not.toMatch(pattern);
  });
});
