// The catalog: the one place that knows every structure family, embed and lesson widget, and
// registers them with the generic parts. Adding a family means a line in FAMILIES below, an entry
// in families.json (its MDX name, benchmarks and embed example) and its suites in suites.ts.
import type { ComponentType, ReactNode } from 'react';
import { registerFamily, type FamilyModule } from '../registry/family';
import { registerEmbed, registerEmbedExamples } from '../registry/embeds';
import { EMBED_EXAMPLES } from './routes';
import FAMILY_FACTS from './families.json';
import { registerHomeDemo, registerLessonWidgets } from '../registry/widgets';
import { WasmWidget } from '../wasm/WasmWidget';
import { ScriptPlayer } from '../player/ScriptPlayer';
import { RaceView } from '../player/RaceView';
import { familyEmbed } from './familyEmbed';
import { VARIANT_PARAM, checkParams } from '../embed/link';
import { excerpt } from '../site/format';
import { onDemand, type Preloadable } from '../site/onDemand';
import { parseStep, type StepSpec } from '../embed/params';
import { heapFamily } from '../heap/family';
import { HeapLayout } from '../heap/HeapLayout';
import { wheelFamily } from '../wheel/family';
import { queueFamily } from '../queue/family';
import { LINK_PARAM, checkOverloadNumber, type OverloadNumber } from '../queue/overloadLimits';
import { recyclerFamily } from '../recycler/family';
import { Fig, FigRatio, FigTable, JvmFig } from '../published/Fig';
import { InstructorNotes, LessonGuide, TimePlan } from '../teaching/Guide';

// The widgets only some pages show, each a chunk fetched on first use. The benchmark panel and
// the threaded races register their suites as they load: nothing else needs them.
const BenchmarkPanel = onDemand('the benchmark', async () => {
  const [{ BenchmarkPanel }] = await Promise.all([import('../bench/BenchmarkPanel'), import('./suites')]);
  return BenchmarkPanel;
});
const ThreadedBench = onDemand('the threaded benchmark', async () => {
  const [{ ThreadedBench }, { threadSet, threadSets }] = await Promise.all([import('../threads/ThreadedBench'), import('../threads/harness'), import('./threadSets')]);
  return function ThreadSetBench({ set = 'queues' }: { set?: string }) {
    const s = threadSet(set);
    if (!s) throw new Error(`a lesson widget names thread set "${set}"; the sets are ${threadSets().map((t) => t.name).join(', ')}`);
    return <ThreadedBench set={s} />;
  };
});
const CostCurves = onDemand('the cost curves', async () => (await import('../heap/CostCurves')).CostCurves);
const PurgatorySim = onDemand('the purgatory simulation', async () => (await import('../wheel/PurgatorySim')).PurgatorySim);
const OverloadSim = onDemand('the overload simulation', async () => (await import('../queue/OverloadSim')).OverloadSim);
const LessonExercises = onDemand('the exercises', async () => (await import('../classroom/LessonExercises')).LessonExercises);

/** The JMH suites' names, as families.json lists them (catalog.test.ts holds them equal to the registered suites). */
const SUITES = FAMILY_FACTS.flatMap((f) => f.bench).filter((b) => !('usage' in b)).map((b) => b.name);

/** `Widget` inside a WasmWidget named `name`, so a crash names the widget that stopped. */
function framed<P extends object>(name: string, Widget: Preloadable<P>): Preloadable<P> {
  const Framed = (props: P) => <WasmWidget name={name}><Widget {...props} /></WasmWidget>;
  return Object.assign(Framed, { preload: Widget.preload });
}

type PlayerProps = { ops?: string; step?: StepSpec } & Record<string, string | StepSpec | undefined>;

/** The settings an MDX tag gives as attributes (`capacity="4"`). */
function settingsOf(module: FamilyModule, p: PlayerProps): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of module.settings ?? []) if (typeof p[s.name] === 'string') out[s.name] = p[s.name] as string;
  return out;
}

/** A step as an MDX attribute gives it (`step="14"`, `step="op:3"`), read as a link's would be. */
function stepOf(p: PlayerProps): StepSpec | undefined {
  if (typeof p.step !== 'string') return p.step;
  const parsed = parseStep(p.step);
  if (!parsed.ok) throw new Error(`a lesson widget has ${parsed.message}`);
  return parsed.step;
}

/** The variant an MDX tag picks: `variant="jdk"`, or the family's older attribute (`heap="jdk"`), not both. */
function variantOf(module: FamilyModule, p: PlayerProps): string {
  const [given, old] = [p[VARIANT_PARAM], p[module.oldVariantParam]];
  if (typeof given === 'string' && typeof old === 'string') {
    throw new Error(`a lesson widget gives both ${VARIANT_PARAM}="${given}" and ${module.oldVariantParam}="${old}"; give ${VARIANT_PARAM} only`);
  }
  return typeof given === 'string' ? given : typeof old === 'string' ? old : module.defaultVariant;
}

/** MDX names for a family's player (`<HeapPlayer variant="jdk" …/>`, or the family's older `heap="jdk"`) and race (`<HeapRace …/>`), from families.json. */
function familyWidgets(module: FamilyModule) {
  const facts = FAMILY_FACTS.find((f) => f.name === module.name);
  if (!facts) throw new Error(`the family ${module.name} has no entry in catalog/families.json`);
  const [player, race] = [`${facts.mdx}Player`, `${facts.mdx}Race`];
  return {
    [player]: framed('Player', (p: PlayerProps) => (
      <ScriptPlayer module={module} variant={variantOf(module, p)} ops={p.ops} step={stepOf(p)}
        settings={settingsOf(module, p)} />
    )),
    [race]: framed('Race view', (p: PlayerProps) => <RaceView module={module} ops={p.ops} step={stepOf(p)} settings={settingsOf(module, p)} />),
  };
}

const FAMILIES = [heapFamily, wheelFamily, queueFamily, recyclerFamily];

for (const family of FAMILIES) {
  registerFamily(family);
  registerEmbed(familyEmbed(family));
}
const familyMdx = Object.assign({}, ...FAMILIES.map(familyWidgets));

registerEmbed({
  name: 'heap-layout',
  render(params) {
    const problem = checkParams(params, ['deadlines']);
    if (problem) return { problem };
    return <WasmWidget name="Heap layout"><HeapLayout initial={params.get('deadlines') ?? ''} /></WasmWidget>;
  },
});

registerEmbed({
  name: 'cost-curves',
  render(params) {
    const problem = checkParams(params, ['run']);
    if (problem) return { problem };
    const run = params.get('run') ?? '0';
    if (run !== '0' && run !== '1') return { problem: `run=${excerpt(run)}; expected run=1 (count at once) or run=0` };
    return <WasmWidget name="Cost curves"><CostCurves autoRun={run === '1'} /></WasmWidget>;
  },
});

registerEmbed({
  name: 'purgatory-sim',
  render(params) {
    const problem = checkParams(params, ['preset', 'run']);
    if (problem) return { problem };
    const preset = params.get('preset') ?? 'quick';
    const run = params.get('run') ?? '0';
    if (preset !== 'quick' && preset !== 'full') return { problem: `preset=${excerpt(preset)}; expected quick or full` };
    if (run !== '0' && run !== '1') return { problem: `run=${excerpt(run)}; expected run=1 (start at once) or run=0` };
    return <WasmWidget name="Purgatory simulation"><PurgatorySim preset={preset} autoRun={run === '1'} /></WasmWidget>;
  },
});

/** The overload simulation's link parameters and the props they set. */

registerEmbed({
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
});

registerEmbed({
  name: 'bench',
  render(params): ReactNode | { problem: string } {
    const problem = checkParams(params, ['suite', 'preset', 'run']);
    if (problem) return { problem };
    const suite = params.get('suite') ?? SUITES[0];
    const preset = params.get('preset') ?? 'quick';
    const run = params.get('run') ?? '0';
    if (!SUITES.includes(suite)) return { problem: `suite=${excerpt(suite)} is not a suite; expected ${SUITES.join(', ')}` };
    if (preset !== 'quick' && preset !== 'full') return { problem: `preset=${excerpt(preset)}; expected quick or full` };
    if (run !== '0' && run !== '1') return { problem: `run=${excerpt(run)}; expected run=1 (start at once) or run=0` };
    return <BenchmarkPanel suite={suite} preset={preset} autoRun={run === '1'} />;
  },
});

registerLessonWidgets({
  Fig, FigRatio, FigTable, JvmFig, LessonGuide, TimePlan, InstructorNotes,
  ...familyMdx,
  // Lessons written before the names came from the registry call the heaps' race <RaceView>.
  RaceView: familyMdx.HeapRace,
  HeapLayout: framed('Heap layout', HeapLayout),
  CostCurves: framed('Cost curves', CostCurves),
  PurgatorySim: framed('Purgatory simulation', PurgatorySim),
  OverloadSim: framed('Overload simulation', OverloadSim),
  ThreadedBench: framed('Threaded benchmark', ThreadedBench),
  Exercises: framed('Exercises', LessonExercises),
  BenchmarkPanel: framed('Benchmark', BenchmarkPanel),
} as Record<string, ComponentType<never>>);

registerHomeDemo(() => (
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
));

registerEmbedExamples(EMBED_EXAMPLES);
