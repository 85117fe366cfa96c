// The queues of the UDP-server story as a structure family: the JDK's ConcurrentLinkedQueue and
// ArrayBlockingQueue, and JCTools' single- and multi-producer rings, with threads interleaved
// one atomic step at a time.
import { LIMITS, OLD_VARIANT_PARAM, VARIANTS, type Setting } from './schema.gen';
import type { FamilySchema } from '../script/schema';
import './queue.css';
import type { FamilyManifest, FamilyModule, SettingField } from '../registry/family';
import { WasmWidget, framed } from '../wasm/WasmWidget';
import { onDemand } from '../runtime/onDemand';
import { checkParams } from '../embed/link';
import { LINK_PARAM, checkOverloadNumber, type OverloadNumber } from './overloadLimits';
import { QueueView } from './QueueView';
import { excerpt, num } from '../util/format';
import { QUEUE_WORK } from './work';

const OverloadSim = onDemand('the overload simulation', async () => (await import('./OverloadSim')).OverloadSim);

function QueueHelp({ schema }: { schema: FamilySchema }) {
  const l = LIMITS;
  return (
    <ul>
      <li><code>offer N</code> offers element N; <code>poll</code> takes the head (or gets null); <code>size</code> counts
        the elements (the CLQ walks its nodes; the others read their indices); <code>fill N</code> offers N new elements
        (numbered after the largest so far); <code>drain</code> polls until a poll returns null.</li>
      <li>Start a command with a thread&apos;s name to run it on that thread: <code>P1: offer 5, P2: offer 7, C: poll</code>.
        A command without a name runs on the thread of the command before it; a script that names none runs on one
        thread, <code>T</code>. Each thread runs its commands in order.</li>
      {/* The step model is stated once, in the Rust schema, beside the scheduler that follows it. */}
      <li><strong>Schedule</strong>: {schema.settings.find((x) => x.name === 'schedule')?.what}.
        <code> round-robin</code> (the default) gives the threads a turn each in order; <code>random 7</code> picks at
        random, the same for the same seed; or write the turns out, e.g. <code>P1 P1 P2 C*3</code> (<code>*3</code>: three
        turns), and round-robin finishes the rest. A finished thread&apos;s turns are skipped.</li>
      <li><strong>Capacity</strong> (default {l.defaultCapacity}): the bounded queues&apos; size. ArrayBlockingQueue uses it as
        given; the JCTools rings round it up to a power of two (SPSC to at least 4), as JCTools does. The
        ConcurrentLinkedQueue is unbounded.</li>
      <li>The SPSC ring allows one producer thread and one consumer thread; the MPSC ring one consumer.</li>
      <li>Limits: drawn for up to {num(l.drawnThreads)} threads, {num(l.drawnOffers)} offers, {num(l.drawnOperations)} operations
        and capacity {num(l.drawnCapacity)} ({num(l.drawnSteps)} steps shown); larger scripts are counted only, up to{' '}
        {num(l.countedOffers)} offers, {num(l.countedThreads)} threads and capacity {num(l.countedCapacity)}.</li>
    </ul>
  );
}

export const queueFamily: FamilyModule = {
  name: 'queue',
  oldVariantParam: OLD_VARIANT_PARAM,
  variants: [...VARIANTS],
  defaultVariant: 'clq',
  noun: ['element', 'elements'],
  raceTitle: 'Race: the same threads on ConcurrentLinkedQueue and ArrayBlockingQueue',
  stackedRace: true,
  raceVariants: ['clq', 'abq'],
  settings: ([
    { name: 'capacity', label: 'Capacity', hint: 'Slots in the bounded queues (the CLQ has no bound).' },
    { name: 'schedule', label: 'Schedule', hint: 'round-robin, random SEED, or thread names, one turn each (then round-robin).' },
  ] satisfies SettingField<Setting>[]),
  View: QueueView,
  work: QUEUE_WORK,
  Help: QueueHelp,
  drawLimits: () => `${num(LIMITS.drawnThreads)} threads, ${num(LIMITS.drawnOffers)} offers, ${num(LIMITS.drawnOperations)} operations and capacity ${num(LIMITS.drawnCapacity)}`,
};

export const manifest: FamilyManifest = {
  module: queueFamily,
  widgets: { OverloadSim: framed('Overload simulation', OverloadSim) },
  embeds: [{
    name: 'overload-sim',
    render(params) {
      const problem = checkParams(params, ['queue', ...Object.values(LINK_PARAM)]);
      if (problem) return { problem };
      const queue = params.get('queue') ?? 'clq';
      if (!['clq', 'clq-size', 'abq', 'spsc', 'mpsc'].includes(queue)) return { problem: `queue=${excerpt(queue)}; expected clq, clq-size, abq, spsc or mpsc` };
      const props: Record<string, number> = {};
      for (const [prop, param] of Object.entries(LINK_PARAM) as [OverloadNumber, string][]) {
        const v = params.get(param);
        if (v === null) continue;
        // The box's own rule and sentence, so a link the widget makes always opens.
        const n = checkOverloadNumber(prop, v);
        if (typeof n === 'string') return { problem: `${param}: ${n}` };
        props[prop] = n;
      }
      return <WasmWidget name="Overload simulation"><OverloadSim queue={queue as 'clq'} {...props} /></WasmWidget>;
    },
  }],
};
