// The lesson's concept check, asked before the lesson and after it (web/src/teaching/quiz.ts):
// the ideas a student should leave with, as questions with one right choice.
import type { QuizItem } from '../../web/src/teaching/quiz';

export const quiz: QuizItem[] = [
  {
    id: 'old-cross-thread',
    prompt: 'In Netty’s Recycler before the 2014 rewrite, thread B recycles an object that thread A got. What happens to it?',
    choices: [
      'It is pushed back onto A’s stack',
      'Nothing: recycle returns false and the object is left to the garbage collector',
      'It is pushed onto B’s own stack, for B’s next get',
      'recycle throws an IllegalStateException',
    ],
    answer: 'Nothing: recycle returns false and the object is left to the garbage collector',
  },
  {
    id: 'weak-order-queue',
    prompt: 'In the rewrite, where does an object recycled on another thread go?',
    choices: [
      'Straight onto its owner’s stack, under the stack’s lock',
      'Into a pool shared by every thread',
      'Into a WeakOrderQueue the recycling thread keeps for the owner’s stack; the owner takes it when its stack is empty',
      'Onto the recycling thread’s own stack',
    ],
    answer: 'Into a WeakOrderQueue the recycling thread keeps for the owner’s stack; the owner takes it when its stack is empty',
  },
  {
    id: 'one-lock',
    prompt: 'How often does a recycling thread take a lock to hand objects back through its WeakOrderQueue?',
    choices: [
      'On every recycle',
      'Once, when it creates its queue for that stack',
      'Never: the queue is lock-free from the start',
      'Each time a link of 16 handles fills up',
    ],
    answer: 'Once, when it creates its queue for that stack',
  },
  {
    id: 'first-scavenge',
    prompt: 'In Netty 4.0.21, A’s stack is empty and B has just recycled two of A’s objects, the first any other thread has recycled into A’s stack. What does A’s next get() do?',
    choices: [
      'Transfers both handles and returns one of them',
      'Waits until B’s ordered store is visible',
      'Returns null, since the stack is empty',
      'Makes a new object: the scavenge cursor starts out null, so this scavenge finds no queue',
    ],
    answer: 'Makes a new object: the scavenge cursor starts out null, so this scavenge finds no queue',
  },
  {
    id: 'the-flag',
    prompt: 'Netty’s benchmark harness ran its JVMs with -ea:io.netty... What did that add to the old Recycler’s timed work?',
    choices: [
      'Nothing: the JIT compiles assertions away',
      'A lock on every get and recycle',
      'An IdentityHashMap put on every push onto the stack and a remove on every pop',
      'The same checks as the rewrite’s recycle ids',
    ],
    answer: 'An IdentityHashMap put on every push onto the stack and a remove on every pop',
  },
  {
    id: 'when-pooling-pays',
    prompt: 'In the lab’s JVM run of the benchmark’s loop, when did the pool beat a new ArrayList each time?',
    choices: [
      'At every size: pooling always saves the allocation',
      'From size 256 up, where a new list must allocate and zero its array; not at size 0',
      'Never: the JVM’s allocator always wins',
      'Only with assertions on',
    ],
    answer: 'From size 256 up, where a new list must allocate and zero its array; not at size 0',
  },
];
