// Netty's Recycler before and after its 2014 rewrite as a structure family: threads get and
// recycle objects, one operation at a time, on the old thread-local stack (with or without the
// assertion's identity map) and on the rewrite's stacks and WeakOrderQueues.
import { LIMITS, OLD_VARIANT_PARAM, VARIANTS, type Setting } from './schema.gen';
import './recycler.css';
import type { FamilyManifest, FamilyModule, SettingField } from '../registry/family';
import { RecyclerView } from './RecyclerView';
import { num } from '../util/format';
import { RECYCLER_WORK } from './work';


function RecyclerHelp() {
  const l = LIMITS;
  return (
    <ul>
      <li><code>get</code> takes an object from the thread&apos;s pool, or makes one. Objects are named o1, o2, … in the
        order the recycler made them.</li>
      <li><code>recycle N</code> gives back the object that the script&apos;s N-th get returned, from the thread it runs on
        (any thread may recycle any object). <code>exit</code> ends the thread: its stack can no longer be reached.</li>
      <li><code>get-many N</code> is N gets; <code>recycle-all</code> recycles, oldest first, every object a get returned
        that no recycle has named yet; <code>cycle N</code> is N times get then recycle that object: the benchmark&apos;s loop.</li>
      <li>Start a command with a thread&apos;s name to run it there: <code>A: get, A: get, B: recycle 1</code>. A command
        without a name runs on the thread of the one before; a script that names none runs on <code>T</code>. Operations
        run one at a time, in script order.</li>
      <li><strong>Max capacity</strong>: the system property <code>io.netty.recycler.maxCapacity.default</code> (262,144
        unless set): the most a stack keeps, and its first array up to 256 slots. <strong>Assertions</strong>:{' '}
        <code>on</code> runs the old Recycler as the 2014 benchmark did, with <code>-ea:io.netty...</code>, so every push and
        pop also updates an IdentityHashMap. The rewrite has no assertions.</li>
      <li>Limits: drawn for up to {num(l.drawnThreads)} threads, {num(l.drawnGets)} gets, {num(l.drawnRecycles)} recycles and{' '}
        {num(l.drawnOperations)} operations ({num(l.drawnSteps)} steps shown); larger scripts are counted only, up to{' '}
        {num(l.countedOperations)} operations on {num(l.countedThreads)} threads.</li>
    </ul>
  );
}

export const recyclerFamily: FamilyModule = {
  name: 'recycler',
  oldVariantParam: OLD_VARIANT_PARAM,
  variants: [...VARIANTS],
  defaultVariant: 'after',
  noun: ['object', 'objects'],
  raceTitle: 'Race: the same threads on the Recycler before and after the rewrite',
  settings: ([
    { name: 'max-capacity', label: 'Max capacity', hint: 'io.netty.recycler.maxCapacity.default: the most a stack keeps.' },
    { name: 'assertions', label: 'Assertions', hint: '-ea:io.netty... (the old Recycler’s identity map).', choices: ['off', 'on'] },
  ] satisfies SettingField<Setting>[]),
  View: RecyclerView,
  work: RECYCLER_WORK,
  Help: RecyclerHelp,
  drawLimits: () => `${num(LIMITS.drawnThreads)} threads, ${num(LIMITS.drawnGets)} gets, ${num(LIMITS.drawnRecycles)} recycles and ${num(LIMITS.drawnOperations)} operations`,
};

export const manifest: FamilyManifest = { module: recyclerFamily };
