// The template family's JMH-style suite: pushing n values onto a new stack, each design. A real
// suite also sets published figures beside the lab's and judges claims, in a file of its own (see
// heap/: heapCancelSuite.ts is what is timed, heapCancelReport.ts how a run is reported).
import type { Row, Suite } from '../bench/suites';

const SIZES = [100, 10_000];
const VARIANTS = ['doubling', 'by-one'];

const rows: Row[] = VARIANTS.flatMap((variant) => SIZES.map((n) => ({
  id: `push/${variant}/${n}`, benchmark: 'push', params: { variant, n },
  kernel: { suite: 'sample-push', params: { variant, n } }, maxBatch: 1_000,
})));

export const samplePush: Suite = {
  name: 'sample-push',
  title: 'Pushing n values onto a new array stack',
  className: 'SamplePushBenchmark',
  source: 'the template family (templates/family/)',
  caveat: 'A template: nothing was published to compare with.',
  paramNames: ['variant', 'n'],
  rows,
  published: [],
  compare: () => [],
  chart: {
    x: 'n', xLabel: 'values pushed',
    series: VARIANTS.map((variant) => ({ key: variant, label: variant, className: `sample-${variant}`, benchmark: 'push', params: { variant } })),
    publishedLabel: 'published', publishedTag: 'published',
  },
};

export const suites = [samplePush];
