import { describe, expect, it } from 'vitest';
import { rowOfJmh, type JmhResult, type Suite } from './suites';
import { chartSeries } from './chartSeries';
import { timerAddCancel } from '../wheel/suites';
import { heapCancel } from '../heap/suites';
import { udpQueue } from '../queue/suites';
import { recyclerSuite } from '../recycler/suites';
import { jmhOptions } from '../cli/jvm';

const result = (benchmark: string, params: Record<string, string>): JmhResult =>
  ({ benchmark, params, primaryMetric: { score: 1, scoreError: 0, scoreUnit: 'ops/s' } });

describe('JMH results matched to the lab’s rows', () => {
  it('by method and parameters, numbers compared as numbers', () => {
    expect(rowOfJmh(heapCancel, {}, result('lab.jvm.HeapCancel.cancelInReverseOrder', { heap: 'jdk', num: '100000' }))?.id)
      .toBe('cancelInReverseOrder/jdk/100000');
    expect(rowOfJmh(udpQueue, {}, result('lab.jvm.QueueOffer.clqOfferWithSizeCheck', { capacity: '1048576' }))?.id)
      .toBe('clqOfferWithSizeCheck/1048576');
    expect(rowOfJmh(heapCancel, {}, result('lab.jvm.HeapCancel.cancelInOrder', { heap: 'jdk', num: '7' }))).toBeUndefined();
  });

  it('with a run’s own parameters and name: the Recycler’s jars and flags stand for designs', () => {
    const [ea, , , alloc] = recyclerSuite.jvm!.runs;
    expect(rowOfJmh(recyclerSuite, ea, result('lab.jvm.RecyclableArrayListBenchmark.recycleSameThread', { size: '00000' }))?.id)
      .toBe('recycleSameThread/before-ea/0');
    expect(rowOfJmh(recyclerSuite, alloc, result('lab.jvm.RecyclableArrayListBenchmark.allocate', { size: '65536' }))?.id)
      .toBe('recycleSameThread/allocate/65536');
  });

  it('runs JMH with the preset’s forks, iterations and iteration time', () => {
    expect(jmhOptions({ forks: 1, warmupIterations: 1, measurementIterations: 3, iterationMs: 300, budgetMs: 60_000 }))
      .toEqual(['-f', '1', '-wi', '1', '-w', '300ms', '-i', '3', '-r', '300ms']);
  });
});

describe('the chart’s comparison lines', () => {
  const labels = (suite: Suite) => chartSeries(suite, [], true).map((s) => s.label);
  it('call only published figures published: the JVM originals run here say so', () => {
    for (const suite of [udpQueue, timerAddCancel]) {
      expect(labels(suite).filter((l) => /published/.test(l)), suite.name).toEqual([]);
      expect(labels(suite).some((l) => l.endsWith(', JVM original (committed run)')), suite.name).toBe(true);
    }
    expect(labels(heapCancel).some((l) => l.endsWith(', published by Netty'))).toBe(true);
  });

  it('draw no line, and no legend entry, for a design nobody gave figures for', () => {
    // The 2014 commit published the old Recycler with assertions on and the rewrite: two designs of four.
    const compared = chartSeries(recyclerSuite, [], true).filter((s) => s.key.endsWith('/published'));
    expect(compared.map((s) => s.key)).toEqual(['before-ea/published', 'after/published']);
    expect(compared.every((s) => s.points.length > 0)).toBe(true);
  });
});
