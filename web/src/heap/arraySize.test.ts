// The drawn array's size is the heap's `size`: it drops once per removal, at the JDK's (or
// Netty's) `--size`, and never below it mid-operation. A poll that empties slot 0 and takes the
// last element to fill it leaves one slot in use, a hole, until the element is placed (a
// student's read found "0 of 11 in use" there: the mirror trimmed the hole away with the last slot).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmFromDisk } from '../exercises/testing';
import { traceOf } from '../script/run';
import { actionRange } from '../script/trace';
import { Frame } from '../script/frame';
import { FrameReplay } from '../script/replay';

beforeAll(loadWasmFromDisk);

/** Each action's sizes: at its start, the least within it, and at its end. */
function sizes(ops: string, variant: string) {
  const t = traceOf('heap', ops, variant);
  const replay = new FrameReplay(t);
  const size = (k: number) => new Frame(t.schema, replay.frameAt(k)).get('size');
  return t.actions.map((a, i) => {
    const [first, end] = actionRange(t, i);
    let least = Infinity;
    for (let k = first; k <= end; k++) least = Math.min(least, size(k));
    return { action: a.label, start: size(first), least, end: size(end) };
  });
}

describe('the drawn heap array', () => {
  it('keeps a poll’s emptied slot 0 in the array until the last element fills it (JDK)', () => {
    expect(sizes('add 1, add 2, poll', 'jdk').at(-1)).toMatchObject({ start: 2, least: 1, end: 1 });
  });

  it('never shrinks below an operation’s final size, on either heap, for adds, polls and removes', () => {
    const ops = 'add 50, add 30, add 90, add 10, add 70, add 20, add 60, poll, remove 70, poll, remove 20, add 5, remove 90, poll';
    for (const variant of ['jdk', 'indexed']) {
      for (const s of sizes(ops, variant)) {
        expect(s.least, `${variant}: ${s.action}`).toBe(Math.min(s.start, s.end));
      }
    }
  });
});
