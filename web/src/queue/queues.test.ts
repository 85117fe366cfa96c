import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import { kindIndex, stepAt } from '../script/trace';
import { traceScript } from '../script/run';
import { encodeSettings, parseScript } from '../script/parse';
import { familySchema } from '../script/schema';
import { chainOf, contentsOf, fieldRows, polledOf, ringOf, threadRows } from './viewModel';
import { frameAt, queueTrace } from './frames';
import { QUEUE_WORK } from './work';
import { describeWork, workOf } from '../registry/work';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

const end = (ops: string, variant: string, settings: Record<string, string> = {}) => {
  const t = queueTrace(ops, variant, settings);
  return { t, f: frameAt(t, t.length) };
};

describe('the CLQ chain', () => {
  it('lags its tail as the JDK does, and lays the list out from head', () => {
    const { f } = end('offer 1, offer 2, offer 3', 'clq');
    const chain = chainOf(f);
    expect(chain.nodes.map((n) => [n.node, n.item, n.place])).toEqual([[0, null, 'list'], [1, 1, 'list'], [2, 2, 'list'], [3, 3, 'list']]);
    expect([chain.head, chain.tail]).toEqual([0, 2]); // swung after the second offer, not the third
    expect(contentsOf(f, 'clq')).toEqual([1, 2, 3]);
    expect(fieldRows(f, 'clq', String).map((r) => `${r.name}=${r.value}`)).toEqual(['head=n0', 'tail=n2']);
  });

  it('puts self-linked ex-heads behind head, and the fall-off case leaves tail there', () => {
    const { f } = end('offer 1, poll', 'clq');
    const chain = chainOf(f);
    expect(chain.nodes.map((n) => [n.node, n.place, n.next])).toEqual([[0, 'behind', 0], [1, 'list', null]]);
    expect([chain.head, chain.tail]).toEqual([1, 0]); // tail lags behind head, on a dead node
    expect(polledOf(f)).toEqual([1]);
  });

  it('puts a node that head jumped over behind head too, still pointing on, not self-linked', () => {
    // The first poll finds the dummy empty, takes 1 from n1 and moves head past it, to n2.
    const chain = chainOf(end('fill 5, poll, poll', 'clq').f);
    expect(chain.nodes.slice(0, 2).map((n) => [n.node, n.place, n.next])).toEqual([[0, 'behind', 0], [1, 'behind', 2]]);
    expect(chain.head).toBe(2);
  });

  it('shows a node allocated but not linked yet below the list, and each thread where it is', () => {
    const t = queueTrace('A: offer 1, B: offer 2', 'clq', { schedule: 'A A B' });
    const f = frameAt(t, 5); // A: begin, alloc, read tail; B: begin, alloc
    expect(chainOf(f).nodes.map((n) => n.place)).toEqual(['list', 'pending', 'pending']);
    const rows = threadRows(f, t);
    expect(rows.map((r) => [r.name, r.state, r.current])).toEqual([['A', 'running', false], ['B', 'running', true]]);
    expect(rows[0].lineText).toBe('loop: q ← p.next');
    expect(rows[0].p).toBe(0);
  });
});

describe('the rings', () => {
  it('marks the ABQ indices and wraps', () => {
    const { f } = end('offer 1, offer 2, offer 3, poll, offer 4', 'abq', { capacity: '3' });
    expect(ringOf(f, 'abq').slots).toEqual([4, 2, 3]);
    expect(contentsOf(f, 'abq')).toEqual([2, 3, 4]);
    expect(fieldRows(f, 'abq', String).map((r) => `${r.name}=${r.value}`)).toEqual(['takeIndex=1', 'putIndex=1', 'count=3', 'lock=free']);
  });

  it('shades the SPSC look-ahead window and rounds the capacity up', () => {
    const { f } = end('offer 1', 'spsc', { capacity: '5' });
    const r = ringOf(f, 'spsc');
    expect(r.capacity).toBe(8);
    expect(r.lookAhead).toEqual([1]); // limit 2: slot 1 is known free
    expect(fieldRows(f, 'spsc', String).map((x) => `${x.name}=${x.value}`)).toEqual(['producerIndex=1', 'consumerIndex=0', 'producerLimit=2', 'lookAheadStep=2']);
  });

  it('shows an MPSC slot claimed but not written, and the consumer spinning on it', () => {
    const t = queueTrace('P: offer 7, C: poll', 'mpsc', { schedule: 'P P P C C C C' });
    const spin = kindIndex(t.schema, 'spin');
    const k = Array.from({ length: t.length }, (_, i) => i).find((i) => stepAt(t, i).kind === spin)!;
    const f = frameAt(t, k + 1);
    expect(ringOf(f, 'mpsc').claimed).toEqual([0]);
    expect(contentsOf(f, 'mpsc')).toEqual([]);
    expect(t.text(k)).toMatch(/^C spins/);
    expect(workOf(QUEUE_WORK, f.counts('total'))).toBeGreaterThan(0);
    expect(describeWork(QUEUE_WORK, f.counts('total'))).toMatch(/CASes? and 1 spin$|1 spin/);
    expect(contentsOf(frameAt(t, t.length), 'mpsc')).toEqual([]);
    expect(polledOf(frameAt(t, t.length))).toEqual([7]);
  });
});

describe('errors from Rust, located', () => {
  it('names the setting, or the command a queue forbids', () => {
    const schema = familySchema('queue');
    const run = (ops: string, variant: string, settings: Record<string, string>) => {
      const p = parseScript(ops, schema);
      if (!p.ok) throw new Error(p.error.message);
      return traceScript('queue', p.commands, [variant], encodeSettings(p.threads, settings));
    };
    expect(run('P: offer 1', 'clq', { schedule: 'P Q' })).toMatchObject({
      ok: false, error: { message: 'schedule: there is no thread "Q"; the threads are P', setting: 'schedule' },
    });
    expect(run('A: offer 1, B: offer 2', 'spsc', {})).toMatchObject({
      ok: false, error: { message: expect.stringMatching(/^command 2: JCTools SpscArrayQueue has a single producer thread/), start: 15 },
    });
    expect(run('offer 1', 'abq', { capacity: '100' })).toMatchObject({ ok: false, tooBig: true });
    // A line break in a value cannot smuggle in another setting: the value is refused at its box.
    expect(run('P: offer 1, C: poll', 'abq', { capacity: '8\nthreads=P,C' })).toMatchObject({
      ok: false, error: { message: expect.stringContaining('8⏎threads=P,C'), setting: 'capacity' },
    });
  });
});
