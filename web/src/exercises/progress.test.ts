import { describe, expect, it } from 'vitest';
import { emptyProgress, loadProgress, progressJson, record, saveProgress, standing, summaryCsv } from './progress';
import type { Instance } from './exercises';

const inst = (id: string, expected: Instance['expected']): Instance => ({
  id, kind: 'compute', title: id, prompt: '', hint: '', expected, explanation: '', replay: { heap: 'jdk', ops: '', step: 0 },
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
    expect(standing(p, 'a')).toEqual({ attempts: 2, solved: true, firstTry: false, hints: 1, lastAnswer: 4 });
    expect(standing(p, 'b')).toMatchObject({ attempts: 0, solved: false });
    expect(p.log).toHaveLength(3);
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

  it('exports a CSV gradebook and a JSON log', () => {
    let p = { ...emptyProgress('l', 'x'), student: 'Ada, B.' };
    p = record(p, { exercise: 'a', action: 'answer', answer: [0, 1], correct: true });
    const csv = summaryCsv(p, [inst('a', [0, 1]), inst('b', 7)]).trim().split('\n');
    expect(csv[0]).toBe('student,lesson,seed,exercise,kind,attempts,solved,first_try,hints,last_answer,expected');
    expect(csv[1]).toBe('"Ada, B.",l,x,a,compute,1,true,true,0,0 1,0 1');
    expect(csv[2]).toBe('"Ada, B.",l,x,b,compute,0,false,false,0,,7');
    const json = JSON.parse(progressJson(p, [inst('a', [0, 1])]));
    expect(json.exercises[0]).toMatchObject({ id: 'a', solved: true });
    expect(json.log).toHaveLength(1);
  });
});
