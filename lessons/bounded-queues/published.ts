// The figures of the UDP-server blog post (its three JMH rows and its setup), quoted by this
// lesson, its benchmark's verdicts and its simulation, and nowhere else typed again.
import { defineFigures } from '../../web/src/published/define';

export const published = defineFigures({
  sources: {
    blog: {
      title: 'the blog post “ConcurrentLinkedQueue vs Size” (kullanici0606/plog)',
      where: 'its JMH tables (thrpt, Cnt 10; the benchmark source, threads, forks and iteration time not published)',
      href: 'https://github.com/kullanici0606/plog/blob/master/java/clq.md', date: '2024-02', count: 10,
    },
  },
  figures: {
    clqOffer: {
      value: 2115651.826, error: 75657.033, unit: 'ops/s', source: 'blog', decimals: 3,
      what: 'MyBenchmark.clqOffer: ConcurrentLinkedQueue.offer',
      table: { name: 'blog', row: 'clqOffer', column: 'Score ± Error (ops/s)' },
    },
    clqOfferWithSizeCheck: {
      value: 13.521, error: 11.457, unit: 'ops/s', source: 'blog', decimals: 3,
      what: 'MyBenchmark.clqOfferWithSizeCheck: offer guarded by size() (the blog’s server used a threshold of 10,000,000; the benchmark’s bound is not given)',
      table: { name: 'blog', row: 'clqOfferWithSizeCheck', column: 'Score ± Error (ops/s)' },
    },
    abqOffer: {
      value: 42262008.442, error: 812286.214, unit: 'ops/s', source: 'blog', decimals: 3,
      what: 'MyBenchmark.abqOffer: ArrayBlockingQueue.offer (the blog’s server code bounds it at 10,000,000; the benchmark’s bound is not given)',
      table: { name: 'blog', row: 'abqOffer', column: 'Score ± Error (ops/s)' },
    },
    bound: { value: 10000000, unit: 'elements', source: 'blog', what: 'the bound of the size() guard and of the ArrayBlockingQueue' },
    buffer: { value: 2048, unit: 'bytes', source: 'blog', what: 'the buffer each received packet is read into' },
  },
});
