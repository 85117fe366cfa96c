// The figures of Kafka's purgatory redesign (the KAFKA-1989 wiki page), quoted by this lesson, its
// simulation's verdicts and legends, and nowhere else typed again.
import { defineFigures } from '../../web/src/published/define';

export const published = defineFigures({
  sources: {
    wiki: {
      title: 'Kafka wiki, “Purgatory Redesign Proposal” (KAFKA-1989)',
      where: 'its benchmark section, as shown by the page’s revision diff (“Versions Compared”)',
      href: 'https://cwiki.apache.org/confluence/display/KAFKA/Purgatory+Redesign+Proposal', date: '2015',
    },
  },
  figures: {
    'old-low': {
      value: 40000, unit: 'requests/s', source: 'wiki', approx: true,
      what: 'where the old (DelayQueue) purgatory saturated, low timeout rate (p50 20 ms, p75 60 ms)',
      note: 'the page is a revision diff: “60000 40000” is the old text 60,000 struck out and replaced by 40,000',
    },
    'old-low-first': {
      value: 60000, unit: 'requests/s', source: 'wiki', approx: true,
      what: 'the figure the page first gave for the old purgatory, low timeout rate, later replaced by 40,000',
    },
    'old-high': {
      value: 25000, unit: 'requests/s', source: 'wiki', approx: true,
      what: 'where the old purgatory saturated, high timeout rate (p50 200 ms, p75 400 ms)',
    },
    'wheel-high': {
      value: 105000, unit: 'requests/s', source: 'wiki', approx: true,
      what: 'where the timing-wheel purgatory saturated, high timeout rate',
    },
    tick: { value: 1, unit: 'ms', source: 'wiki', what: 'the wheel’s tick' },
    'wheel-size': { value: 20, unit: 'buckets', source: 'wiki', what: 'buckets per wheel level' },
    timeout: { value: 200, unit: 'ms', source: 'wiki', what: 'every request’s timeout' },
    'request-size': { value: 100, unit: 'bytes', source: 'wiki', what: 'the data size of a request' },
  },
});
