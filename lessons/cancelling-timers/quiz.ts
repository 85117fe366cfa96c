// The lesson's concept check, asked before the lesson and after it (web/src/teaching/quiz.ts):
// the ideas a student should leave with, as questions with one right choice.
import type { QuizItem } from '../../web/src/teaching/quiz';

export const quiz: QuizItem[] = [
  {
    id: 'cancel-cost',
    prompt: 'A java.util.PriorityQueue holds n timers. What does remove(timer) cost, in the worst case?',
    choices: ['O(1): it knows where the timer is', 'O(log n): it walks down the heap', 'O(n): it searches the array first, then O(log n) to repair', 'O(n log n): it rebuilds the heap'],
    answer: 'O(n): it searches the array first, then O(log n) to repair',
  },
  {
    id: 'reverse-order',
    prompt: 'Timers due at 1, 2, …, n were added in that order. Cancelling them all on the JDK heap, which order makes the fewest equals() calls?',
    choices: ['Earliest deadline first', 'Latest deadline first', 'Both orders make the same number', 'It depends on n only'],
    answer: 'Earliest deadline first',
  },
  {
    id: 'littles-law',
    prompt: 'A server answers 10,000 requests a second in 50 ms each and cancels each request’s timer when it answers. About how many timers wait at once?',
    choices: ['50', '500', '10,000', '20,000'],
    answer: '500',
  },
  {
    id: 'index-cost',
    prompt: 'Netty’s heap makes cancelling O(log n). What does each timer pay for that?',
    choices: ['Nothing', 'A field holding its slot, written on every move', 'A second copy of the heap', 'A lock on every cancel'],
    answer: 'A field holding its slot, written on every move',
  },
];
