import { describe, expect, it } from 'vitest';
import { emptyProgress, loadDrafts, loadProgress, progressJson, record, saveDrafts, saveProgress, standing, summaryCsv } from './progress';
import type { Instance } from './exercises';

const inst = (id: string, expected: Instance['expected']): Instance => ({
  id, kind: 'compute', title: id, prompt: '', hint: '', expected, explanation: '', replay: { family: 'heap', view: 'jdk', ops: '', step: 0 },
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

describe('progress', () => {
  it('logs every action and derives the standing from the log', () => {
    let p = emptyProgress('cancelling-timers', 'monday');
    const t = new Date('2026-11-21T10:00:00Z');
    p = record(p, { exercise: 'a', action: 'answer', answer: 3, correct: false }, t);
    p = record(p, { exercise: 'a', action: 'hint' }, t);
    p = record(p, { exercise: 'a', action: 'answer', answer: 4, correct: true }, t);
    expect(standing(p, 'a')).toEqual({ attempts: 2, solved: true, firstTry: false, hints: 1, lastAnswer: 4, shown: false, asked: false });
    expect(standing(p, 'b')).toMatchObject({ attempts: 0, solved: false });
    expect(p.log).toHaveLength(3);
  });

  it('counts the hints taken before the solve, not one read after it (issue 48, item 15)', () => {
    const t = new Date('2026-11-21T10:00:00Z');
    let p = emptyProgress('l', 'x');
    p = record(p, { exercise: 'a', action: 'answer', answer: 4, correct: true }, t);
    p = record(p, { exercise: 'a', action: 'hint' }, t);
    expect(standing(p, 'a')).toEqual({ attempts: 1, solved: true, firstTry: true, hints: 0, lastAnswer: 4, shown: false, asked: false });
    p = record(p, { exercise: 'b', action: 'hint' }, t);
    p = record(p, { exercise: 'b', action: 'answer', answer: 1, correct: true }, t);
    p = record(p, { exercise: 'b', action: 'hint' }, t);
    expect(standing(p, 'b').hints).toBe(1);
  });

  it('records when the answer was shown before it was solved: asked for, or after a second wrong answer', () => {
    const t = new Date('2026-11-21T10:00:00Z');
    let p = emptyProgress('l', 'x');
    p = record(p, { exercise: 'a', action: 'answer', answer: 3, correct: false }, t);
    expect(standing(p, 'a')).toMatchObject({ shown: false, asked: false });
    p = record(p, { exercise: 'a', action: 'answer', answer: 5, correct: false }, t);
    p = record(p, { exercise: 'a', action: 'answer', answer: 4, correct: true }, t);
    expect(standing(p, 'a')).toMatchObject({ solved: true, shown: true, asked: false });
    p = record(p, { exercise: 'b', action: 'reveal' }, t);
    p = record(p, { exercise: 'b', action: 'answer', answer: [1, 0], correct: true }, t);
    expect(standing(p, 'b')).toMatchObject({ solved: true, firstTry: true, shown: true, asked: true });
    // Solved on its own, then a reveal: the grade stands.
    p = record(p, { exercise: 'c', action: 'answer', answer: 'x', correct: true }, t);
    p = record(p, { exercise: 'c', action: 'reveal' }, t);
    expect(standing(p, 'c')).toMatchObject({ solved: true, shown: false, asked: false });
    const json = JSON.parse(progressJson(p, [inst('a', 4), inst('b', [1, 0]), inst('c', 'x')]));
    expect(json.exercises.map((e: { shown: boolean; asked: boolean }) => [e.shown, e.asked])).toEqual([[true, false], [true, true], [false, false]]);
    expect(json.log.filter((e: { action: string }) => e.action === 'reveal')).toHaveLength(2);
  });

  it('keeps unchecked work per lesson and seed, and drops what is malformed', () => {
    const s = new MemoryStorage() as unknown as Storage;
    saveDrafts(s, 'l', 'x', { a: '12', b: [3, 0, 2], c: 'cancelling in reverse order' });
    expect(loadDrafts(s, 'l', 'x')).toEqual({ a: '12', b: [3, 0, 2], c: 'cancelling in reverse order' });
    expect(loadDrafts(s, 'l', 'y')).toEqual({});
    s.setItem('hotpath-drafts:l:z', JSON.stringify({ a: 7, b: [1, -1], c: [0.5], d: 'x'.repeat(201), e: '3', f: null }));
    expect(loadDrafts(s, 'l', 'z')).toEqual({ e: '3' });
    s.setItem('hotpath-drafts:l:z', '[1,2]');
    expect(loadDrafts(s, 'l', 'z')).toEqual({});
    s.setItem('hotpath-drafts:l:z', '{nope');
    expect(loadDrafts(s, 'l', 'z')).toEqual({});
    expect(loadDrafts(null, 'l', 'x')).toEqual({});
    const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as unknown as Storage;
    expect(saveDrafts(full, 'l', 'x', { a: '1' })).toBe('full');
  });

  it('survives a reload, and ignores another seed or junk', () => {
    const s = new MemoryStorage() as unknown as Storage;
    const p = record({ ...emptyProgress('l', 'x'), student: 'Ada' }, { exercise: 'a', action: 'answer', answer: [1, 2], correct: true });
    saveProgress(s, p);
    expect(loadProgress(s, 'l', 'x')).toEqual(p);
    expect(loadProgress(s, 'l', 'y').log).toEqual([]);
    s.setItem('hotpath-progress:l:z', '{not json');
    expect(loadProgress(s, 'l', 'z').log).toEqual([]);
  });

  it('exports what the student did, never the model answers', () => {
    let p = { ...emptyProgress('l', 'x'), student: 'Ada, B.' };
    p = record(p, { exercise: 'a', action: 'answer', answer: [0, 1], correct: true });
    const csv = summaryCsv(p, [inst('a', [0, 1]), inst('b', 7)]).trim().split('\n');
    expect(csv[0]).toBe('student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer,answer_shown,answer_asked');
    expect(csv[1]).toBe('"Ada, B.",l,x,a,compute,1,true,true,0,0 1,false,false');
    expect(csv[2]).toBe('"Ada, B.",l,x,b,compute,0,false,false,0,,false,false');
    const json = JSON.parse(progressJson(p, [inst('a', [0, 1]), inst('b', 7)]));
    expect(json.exercises[0]).toMatchObject({ id: 'a', solved: true });
    expect(JSON.stringify(json.exercises)).not.toContain('expected');
    expect(json.exercises[1]).not.toHaveProperty('expected');
    expect(json.log).toHaveLength(1);
  });

  it('exports a formula-like name or seed as inert text', () => {
    const p = { ...emptyProgress('l', '=1+2'), student: '=HYPERLINK("http://evil.example","x")' };
    const row = summaryCsv(p, [inst('a', 1)]).split('\n')[1];
    expect(row.startsWith('"\'=HYPERLINK(')).toBe(true);
    expect(row).toContain(",'=1+2,");
  });

  it('skips invalid stored entries and keeps the rest', () => {
    const s = new MemoryStorage() as unknown as Storage;
    const good = { at: '2026-11-21T10:00:00.000Z', exercise: 'a', action: 'answer', answer: '4', correct: true };
    s.setItem('hotpath-progress:l:x', JSON.stringify({
      lesson: 'l', seed: 'x', student: 42,
      log: [null, good, 7, { exercise: 'a' }, { ...good, action: 'delete' }, { ...good, answer: { evil: 1 } }, { ...good, correct: 'yes' }],
    }));
    const p = loadProgress(s, 'l', 'x');
    expect(p.log).toEqual([good]);
    expect(p.student).toBe('');
    expect(standing(p, 'a')).toMatchObject({ solved: true, lastAnswer: '4' });
    s.setItem('hotpath-progress:l:x', 'null');
    expect(loadProgress(s, 'l', 'x').log).toEqual([]);
  });

  it('works without storage at all, and says whether it saved', () => {
    const p = emptyProgress('l', 'x');
    expect(loadProgress(null, 'l', 'x')).toEqual(p);
    expect(saveProgress(null, p)).toBe('blocked');
    const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as unknown as Storage;
    expect(saveProgress(full, p)).toBe('full');
  });
});
