// The projector keeps what it shows when a live event is not the rows the server sends.
import { describe, expect, it } from 'vitest';
import type { Board } from './api';
import { applyRows } from './liveClass';

const board: Board = {
  cls: { name: 'C', policy: 'practice', dueAt: null, open: true, maxAttempts: null, penalty: 0 },
  questions: [{ lesson: 'l', title: 'q1' }, { lesson: 'l', title: 'q2' }],
  rows: [{ student: 's1', name: 'Ann', joined: true, cells: ['✓', ''], solved: 1, score: 1 }],
};

describe('the projector’s live rows', () => {
  it('replaces a student’s row and adds a new one', () => {
    const next = applyRows(board, 'rows', JSON.stringify([
      { student: 's1', name: 'Ann', joined: true, cells: ['✓', '✗2'], solved: 1, score: 1 },
      { student: 's2', name: 'Bo', joined: true, cells: ['', ''], solved: 0, score: 0 },
    ]));
    expect(next.rows.map((r) => [r.name, r.cells])).toEqual([['Ann', ['✓', '✗2']], ['Bo', ['', '']]]);
  });

  it('ignores an event that is not rows: broken JSON, another shape, rows of another length', () => {
    for (const data of ['{', 'null', '{"rows":[]}', '[1]', JSON.stringify([{ student: 's1', name: 'Ann', cells: ['✓'], solved: 1, score: 1 }])]) {
      expect(applyRows(board, 'rows', data), data).toBe(board);
    }
  });
});
