// The catalog: registers every structure family, embed and lesson widget with the generic parts.
// It names no family: it finds each family's folder (web/src/<family>/family.tsx, its manifest,
// and family.json, its facts) and registers what the folder exports. CONTRIBUTING.md walks
// through adding one.
import type { ComponentType, ReactNode } from 'react';
import { registerFamily, type FamilyManifest, type FamilyModule } from '../registry/family';
import { registerEmbed, registerEmbedExamples } from '../registry/embeds';
import { EMBED_EXAMPLES, FAMILIES as FAMILY_FACTS } from './routes';
import { registerHomeDemo, registerLessonWidgets } from '../registry/widgets';
import { framed } from '../wasm/WasmWidget';
import { ScriptPlayer } from '../player/ScriptPlayer';
import { RaceView } from '../player/RaceView';
import { familyEmbed } from './familyEmbed';
import { inFamilyOrder } from './folders';
import { VARIANT_PARAM, checkParams } from '../embed/link';
import { parseParts, type Parts } from '../embed/parts';
import { excerpt } from '../util/format';
import { onDemand } from '../runtime/onDemand';
import { parseStep, type StepSpec } from '../embed/params';
import { Fig, FigRatio, FigTable, JvmFig } from '../published/Fig';
import { InstructorNotes, LessonGuide, Prompt, Rubric, TimePlan } from '../teaching/Guide';
import { OpenQuestion } from '../teaching/OpenQuestion';
import { LessonQuiz } from '../classroom/LessonQuiz';

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
const LessonExercises = onDemand('the exercises', async () => (await import('../classroom/LessonExercises')).LessonExercises);

/** The JMH suites' names, as families.json lists them (catalog.test.ts holds them equal to the registered suites). */
const SUITES = FAMILY_FACTS.flatMap((f) => f.bench).filter((b) => !('usage' in b)).map((b) => b.name);

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
  const [given, old] = [p[VARIANT_PARAM], module.oldVariantParam ? p[module.oldVariantParam] : undefined];
  if (typeof given === 'string' && typeof old === 'string') {
    throw new Error(`a lesson widget gives both ${VARIANT_PARAM}="${given}" and ${module.oldVariantParam}="${old}"; give ${VARIANT_PARAM} only`);
  }
  return typeof given === 'string' ? given : typeof old === 'string' ? old : module.defaultVariant;
}

/** The parts an MDX tag shows (`show="drawing,narration"`, as a link's `show=`): all of them without it. */
function partsOf(p: PlayerProps): Parts {
  if (typeof p.show !== 'string') return null;
  const parsed = parseParts(p.show);
  if (!parsed.ok) throw new Error(`a lesson widget has ${parsed.message}`);
  return parsed.parts;
}

/** MDX names for a family's player (`<HeapPlayer variant="jdk" …/>`, or the family's older `heap="jdk"`) and race (`<HeapRace …/>`), from families.json. */
function familyWidgets(module: FamilyModule) {
  const facts = FAMILY_FACTS.find((f) => f.name === module.name);
  if (!facts) throw new Error(`the family ${module.name} has no entry in catalog/families.json`);
  const [player, race] = [`${facts.mdx}Player`, `${facts.mdx}Race`];
  return {
    [player]: framed('Player', (p: PlayerProps) => (
      <ScriptPlayer module={module} variant={variantOf(module, p)} ops={p.ops} step={stepOf(p)}
        settings={settingsOf(module, p)} parts={partsOf(p)} />
    )),
    [race]: framed('Race view', (p: PlayerProps) => <RaceView module={module} ops={p.ops} step={stepOf(p)} settings={settingsOf(module, p)} parts={partsOf(p)} />),
  };
}

const MANIFESTS = inFamilyOrder(import.meta.glob<{ manifest: FamilyManifest }>('../*/family.tsx', { eager: true })).map((m) => m.manifest);

for (const { module, embeds = [] } of MANIFESTS) {
  registerFamily(module);
  registerEmbed(familyEmbed(module));
  embeds.forEach(registerEmbed);
}
const familyMdx = Object.assign({}, ...MANIFESTS.map((m) => familyWidgets(m.module)));

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
  Fig, FigRatio, FigTable, JvmFig, LessonGuide, TimePlan, InstructorNotes, Prompt, Rubric, OpenQuestion, Quiz: LessonQuiz,
  ...familyMdx,
  ...Object.assign({}, ...MANIFESTS.map((m) => m.widgets ?? {})),
  // Lessons written before the names came from the registry call the first family's race <RaceView>.
  RaceView: familyMdx[`${FAMILY_FACTS[0].mdx}Race`],
  ThreadedBench: framed('Threaded benchmark', ThreadedBench),
  Exercises: framed('Exercises', LessonExercises),
  BenchmarkPanel: framed('Benchmark', BenchmarkPanel),
} as Record<string, ComponentType<never>>);

const demos = MANIFESTS.flatMap((m) => (m.homeDemo ? [m.homeDemo] : []));
if (demos.length > 1) throw new Error('two families give the home page its live widget; one may');
if (demos[0]) registerHomeDemo(demos[0]);

registerEmbedExamples(EMBED_EXAMPLES);
