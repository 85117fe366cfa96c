// The timer heaps as a structure family: what the generic player, race view, counters, script
// editor and embed route need to know about them.
import { CODES, LIMITS, OLD_VARIANT_PARAM, VARIANTS, type Field } from './schema.gen';
import './heap.css';
import type { FamilyManifest, FamilyModule, ViewProps } from '../registry/family';
import { HeapLayout } from './HeapLayout';
import { WasmWidget, framed } from '../wasm/WasmWidget';
import { onDemand } from '../runtime/onDemand';
import { checkParams } from '../embed/link';
import { HeapView } from '../arrayHeap/HeapView';
import type { DrawnField, FLAG } from '../arrayHeap/viewModel';
import { variantSpec } from '../script/schema';
import { excerpt, num } from '../util/format';
import { HEAP_WORK } from './work';

const CostCurves = onDemand('the cost curves', async () => (await import('./CostCurves')).CostCurves);

function HeapHelp() {
  const l = LIMITS;
  return (
    <ul>
      <li><code>add K</code> schedules a timer due at K; <code>poll</code> takes the earliest out;
        <code>remove K</code> cancels the earliest-scheduled timer due at K (if none is queued, it
        cancels one that is not, and the JDK heap still scans every slot).</li>
      <li><code>schedule N</code> adds deadlines 1 … N in order, as Netty&apos;s benchmark does;
        <code>cancel-in-order</code> and <code>cancel-reverse</code> cancel every queued timer in
        scheduling order or its reverse.</li>
      <li>Separate commands with commas, semicolons or new lines. One command may run many
        operations (<code>schedule 15</code> runs 15 offers); the player steps through each.</li>
      <li>Limits: the tree is drawn for up to {num(l.drawnTimers)} timers and {num(l.drawnOperations)} operations
        ({num(l.drawnSteps)} steps); larger scripts are counted only, up to {num(l.countedTimers)} timers
        and {num(l.countedEquals)} equals() calls (n = 100,000 cancelled in reverse).</li>
    </ul>
  );
}

/** One heap of timers, labelled by deadline. */
function TimerHeapView({ frame, trace, moveMs }: ViewProps) {
  return (
    <HeapView frame={frame} moveMs={moveMs} title={variantSpec(trace.schema, trace.variant).title}
      names={{ label: (seq) => trace.entityLabels[seq] ?? '?', indexed: trace.variant === 'indexed' }} />
  );
}

export const heapFamily: FamilyModule = {
  name: 'heap',
  oldVariantParam: OLD_VARIANT_PARAM,
  variants: [...VARIANTS],
  defaultVariant: 'jdk',
  noun: ['timer', 'timers'],
  raceTitle: 'Race: the same script on both heaps',
  View: TimerHeapView,
  work: HEAP_WORK,
  Help: HeapHelp,
  drawLimits: () => `${num(LIMITS.drawnTimers)} timers and ${num(LIMITS.drawnOperations)} operations`,
};

export const manifest: FamilyManifest = {
  module: heapFamily,
  widgets: {
    HeapLayout: framed('Heap layout', HeapLayout),
    CostCurves: framed('Cost curves', CostCurves),
  },
  embeds: [
    {
      name: 'heap-layout',
      render(params) {
        const problem = checkParams(params, ['deadlines']);
        if (problem) return { problem };
        return <WasmWidget name="Heap layout"><HeapLayout initial={params.get('deadlines') ?? ''} /></WasmWidget>;
      },
    },
    {
      name: 'cost-curves',
      render(params) {
        const problem = checkParams(params, ['run']);
        if (problem) return { problem };
        const run = params.get('run') ?? '0';
        if (run !== '0' && run !== '1') return { problem: `run=${excerpt(run)}; expected run=1 (count at once) or run=0` };
        return <WasmWidget name="Cost curves"><CostCurves autoRun={run === '1'} /></WasmWidget>;
      },
    },
  ],
  homeDemo: () => (
    <section aria-labelledby="try-heading" className="try">
      <h2 id="try-heading">Try it: where does <code>java.util.PriorityQueue</code> put your timers?</h2>
      <p>
        Type deadlines in the order they are scheduled. The array below is computed by the lab&apos;s
        Rust port of the JDK&apos;s heap, running in WebAssembly in this page.
      </p>
      <WasmWidget name="Heap layout">
        <HeapLayout initial="50 30 90 10 70 20" />
      </WasmWidget>
    </section>
  ),
};

type Holds<T extends true> = T;
/** The shared drawing (arrayHeap/) reads these fields: each is one of the heap's (else the type check fails here). */
export type DrawnFields = Holds<DrawnField extends Field ? true : false>;
/** …and its flags' codes are the heap's schema's. */
export type DrawnFlags = Holds<[typeof FLAG, typeof CODES.flag] extends [typeof CODES.flag, typeof FLAG] ? true : false>;
