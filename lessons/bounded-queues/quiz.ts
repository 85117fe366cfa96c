// The lesson's concept check, asked before the lesson and after it (web/src/teaching/quiz.ts):
// the ideas a student should leave with, as questions with one right choice.
import type { QuizItem } from '../../web/src/teaching/quiz';

export const quiz: QuizItem[] = [
  {
    id: 'clq-size',
    prompt: 'A ConcurrentLinkedQueue holds n elements. What does size() cost?',
    choices: [
      'O(1): it reads a counter every offer and poll update',
      'O(n): it walks the list from the first live node and counts',
      'O(log n): it searches the list',
      'O(1) usually: it caches the last count',
    ],
    answer: 'O(n): it walks the list from the first live node and counts',
  },
  {
    id: 'abq-full',
    prompt: 'An ArrayBlockingQueue is full. What does offer(e) do?',
    choices: [
      'Waits until a consumer frees a slot',
      'Grows its array to make room',
      'Returns false at once, and the caller decides (a UDP server drops the packet)',
      'Throws an exception',
    ],
    answer: 'Returns false at once, and the caller decides (a UDP server drops the packet)',
  },
  {
    id: 'latency-bound',
    prompt: 'A bounded queue of 50,000 packets is full, and its consumers take 100,000 packets a second. About how long does a packet that just got in wait?',
    choices: ['0.5 ms', '50 ms', '0.5 s', '2 s'],
    answer: '0.5 s',
  },
  {
    id: 'memory-bound',
    prompt: 'You can give a queue 64 MiB, and each queued packet holds a 2 KiB buffer. About what is the largest bound that fits?',
    choices: ['32,768 packets', '65,536 packets', '2,048 packets', 'Any bound: the array of references is all the queue allocates'],
    answer: '32,768 packets',
  },
  {
    id: 'spsc-signal',
    prompt: 'In JCTools’ SpscArrayQueue, how does poll() know that a slot holds an element?',
    choices: [
      'It reads the producer’s index and compares it with its own',
      'It finds the element in the slot, which the producer wrote with an ordered store',
      'It takes the queue’s lock and reads a count',
      'It CASes the consumer index and checks the result',
    ],
    answer: 'It finds the element in the slot, which the producer wrote with an ordered store',
  },
  {
    id: 'lock-free-cost',
    prompt: 'On one thread, what does each ConcurrentLinkedQueue.offer() still pay, although the queue takes no lock?',
    choices: [
      'Nothing: lock-free means free',
      'A walk of the list to find the last node from head',
      'A new node, a CAS on the last node’s next, and a CAS on tail every second offer',
      'A lock on tail, taken only when another thread offers',
    ],
    answer: 'A new node, a CAS on the last node’s next, and a CAS on tail every second offer',
  },
];
