// The lesson's concept check, asked before the lesson and after it (web/src/teaching/quiz.ts):
// the ideas a student should leave with, as questions with one right choice.
import type { QuizItem } from '../../web/src/teaching/quiz';

export const quiz: QuizItem[] = [
  {
    id: 'wheel-costs',
    prompt: 'On Kafka’s hierarchical timing wheel, what do adding a timer and cancelling it cost?',
    choices: [
      'Both O(log n): the wheel is a heap underneath',
      'Adding O(levels), cancelling O(1)',
      'Adding O(1), cancelling O(n): a cancel must find the timer first',
      'Both O(n): every bucket is scanned',
    ],
    answer: 'Adding O(levels), cancelling O(1)',
  },
  {
    id: 'delay-queue-holds',
    prompt: 'The wheel uses a DelayQueue to know when the next bucket is due. What does that DelayQueue hold?',
    choices: [
      'One entry per waiting timer',
      'Only the cancelled timers, until a purge',
      'One entry per level of the wheel',
      'Buckets, never timers: at most one entry per bucket, however many timers wait',
    ],
    answer: 'Buckets, never timers: at most one entry per bucket, however many timers wait',
  },
  {
    id: 'level-reach',
    prompt: 'Level 0 has 20 slots of 1 ms and its clock is at 0 ms. A timer is added due exactly 20 ms ahead. Where does it go?',
    choices: ['Level 0, slot 0: 20 mod 20 is 0', 'Level 1, slot 1', 'Level 0, slot 19: the last slot', 'Nowhere: it fires at once'],
    answer: 'Level 1, slot 1',
  },
  {
    id: 'stale-clock',
    prompt: 'Nothing was due for a second, so the wheel’s clock lags the real clock. A timer due 5 ms from now is added. What does the add do? (The reaper is the thread that advances the wheel’s clock and runs what is due; to cascade is to move a timer down to a finer level.)',
    choices: [
      'It moves the wheel’s clock to now, then puts the timer on level 0',
      'It runs the timer at once, since it is nearly due',
      'It places the timer against the lagging clock, on a higher level; the reaper’s next pass cascades it down',
      'It refuses the timer until the reaper has caught up',
    ],
    answer: 'It places the timer against the lagging clock, on a higher level; the reaper’s next pass cascades it down',
  },
  {
    id: 'old-completed',
    prompt: 'In Kafka’s old purgatory (a DelayQueue of requests), a request is completed before its timeout. When does it leave the DelayQueue?',
    choices: [
      'At once: completing it removes it',
      'When its timeout comes round and the reaper polls it, or when a purge removes it',
      'Never: the queue only grows',
      'When the next request on the same key completes',
    ],
    answer: 'When its timeout comes round and the reaper polls it, or when a purge removes it',
  },
  {
    id: 'compare-directions',
    prompt: 'The lab’s simulation finds where one thread’s purgatory work stops keeping up with a virtual clock. What can it test against Kafka’s published saturation rates?',
    choices: [
      'Their size: the lab’s rates should come near Kafka’s',
      'Nothing: a simulation cannot be compared with a benchmark',
      'Only the garbage-collection times',
      'Their direction: which design saturates first, and which workload is harder',
    ],
    answer: 'Their direction: which design saturates first, and which workload is harder',
  },
];
