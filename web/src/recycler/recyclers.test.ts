import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import { traceScript } from '../script/run';
import { encodeSettings, parseScript } from '../script/parse';
import { familySchema } from '../script/schema';
import { finalThreads, frameAt, recyclerTrace } from './frames';
import { countSteps } from '../script/trace';
import { faultText, idName, objectRows, outcomeText, queuesOf, threadColumns } from './viewModel';
import { RECYCLER_WORK } from './work';
import { describeWork } from '../registry/work';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

const WORKED = 'A: get, get, B: recycle 1, recycle 2, A: get, get';

describe('the recycler view model', () => {
  it('reads the worked example: the first get allocates, the second transfers FIFO and pops the last', () => {
    const t = recyclerTrace(WORKED, 'after');
    const [a, b] = finalThreads(t);
    expect(a.pooled).toEqual([0]); // o1 left; o2 handed out
    expect(outcomeText(a)).toBe('got o2');
    expect(a.slots.slice(0, 2).map((s) => [s.object, s.stale])).toEqual([[0, false], [1, true]]); // pop leaves o2 stale
    expect(b.made).toBe(false);
    const f = frameAt(t, t.length);
    const [q] = queuesOf(f, 0);
    expect([q.k, q.thread, q.links.length, q.links[0].read, q.links[0].write]).toEqual([1, 1, 1, 2, 2]);
    const rows = objectRows(f);
    expect(rows.map((r) => r.place.kind)).toEqual(['pooled', 'held', 'held']);
    expect(idName(rows[0].recycleId)).toBe('q1');
    expect(idName(-2147483648)).toBe('OWN'); // Integer.MIN_VALUE
    expect(faultText('RecycledAlready')).toBe('IllegalStateException: recycled already');
    expect(countSteps(t, 'transfer', 5)).toBe(2);
    expect(countSteps(t, 'rewind', 4)).toBe(1);
  });

  it('shows the old Recycler clearing popped slots and dropping another thread’s recycles', () => {
    const t = recyclerTrace(WORKED, 'before');
    const [a] = finalThreads(t);
    expect(a.pooled).toEqual([]);
    expect(a.slots.every((s) => s.object === null)).toBe(true);
    const f = frameAt(t, t.length);
    expect(f.get('objects')).toBe(4); // two dropped, two more made
    expect(t.actions.map((x) => x.label)).toEqual(['A: get #1', 'A: get #2', 'B: recycle #1', 'B: recycle #2', 'A: get #3', 'A: get #4']);
  });

  it('puts the assertion map’s slots in the frame, and counts its probes', () => {
    const t = recyclerTrace('get, get, recycle 1, recycle 2', 'before', { assertions: 'on' });
    const f = frameAt(t, t.length);
    const cols = threadColumns(f, t);
    expect(cols[0].mapLength).toBe(1024);
    const rows = objectRows(f);
    expect(rows.every((r) => r.mapSlot >= 0 && r.mapSlot < 1024 && r.mapSlot % 2 === 0)).toBe(true);
    const counts = f.counts('total');
    expect(counts.map_update).toBe(2);
    expect(describeWork(RECYCLER_WORK, counts)).toMatch(/\d+ identity-map slots? probed/);
  });

  it('draws a dead thread’s queue taken off the list', () => {
    const t = recyclerTrace('A: get, get, B: recycle 1, C: recycle 2, A: get, get, get, B: exit, A: get', 'after');
    const f = frameAt(t, t.length);
    expect(queuesOf(f, 0).map((q) => q.k)).toEqual([2]);
    expect(finalThreads(t)[1].alive).toBe(false);
  });
});

describe('recycler scripts', () => {
  const run = (ops: string, settings: Record<string, string> = {}) => {
    const schema = familySchema('recycler');
    const p = parseScript(ops, schema);
    if (!p.ok) return p;
    return traceScript('recycler', p.commands, ['after'], encodeSettings(p.threads, settings));
  };

  it('locate what cannot run: a recycle of a get not made yet, a thread after its exit, bad settings', () => {
    const r1 = run('A: get, recycle 2');
    expect(r1.ok).toBe(false);
    // Located on the command at fault: "recycle 2" is characters 8–17 of the text.
    if (!r1.ok) expect([r1.error.start, r1.error.end, r1.error.message]).toEqual([8, 17, 'command 2: recycle 2 names the object of get 2, but the script has made 1 get by then']);
    const r2 = run('A: exit, get');
    if (!r2.ok) expect(r2.error.message).toMatch(/A exited at command 1, so it runs nothing after/);
    expect(r2.ok).toBe(false);
    const r3 = run('get', { assertions: 'yes' });
    expect(r3.ok).toBe(false);
    if (!r3.ok) expect(r3.error.message).toMatch(/assertions are on or off, not "yes"/);
    const r4 = run('get', { 'max-capacity': '-3' });
    expect(r4.ok).toBe(false);
    if (!r4.ok) expect(r4.error.setting).toBe('max-capacity');
  });
});
