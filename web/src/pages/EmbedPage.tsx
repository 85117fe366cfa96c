// /embed/<name>: one widget and its controls, no site chrome, for an iframe in someone's docs.
// The widget's state lives in the URL (long state in the fragment), so any view can be shared
// exactly as it is.
import { useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { EMBED_NAMES, type EmbedName } from '../embed/names';
import { parseHeapEmbed } from '../embed/params';
import { checkParams, embedLink, readEmbedState } from '../embed/link';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from '../widgets/HeapLayout';
import { HeapPlayer } from '../heaps/HeapPlayer';
import { RaceView } from '../heaps/RaceView';
import { BenchmarkPanel } from '../bench/BenchmarkPanel';
import { SUITES } from '../bench/suites';
import { lookup } from '../site/lookup';

function isEmbedName(name: string): name is EmbedName {
  return (EMBED_NAMES as readonly string[]).includes(name);
}

/** Writes the view's state back into the URL (replacing, not pushing: no history spam). */
function useUrlState(name: string, fixed: Record<string, string>) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (ops: string, step: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const link = embedLink(name, { ...fixed, ops, step: String(step) });
      if (!link.problem) window.history.replaceState(window.history.state, '', link.href);
    }, 150);
  };
}

function Problem({ children }: { children: ReactNode }) {
  return <main className="embed"><p className="widget widget-error" role="alert">{children}</p></main>;
}

export function EmbedPage() {
  const { name = '' } = useParams();
  const location = useLocation();
  if (!isEmbedName(name)) {
    return <Problem>There is no embeddable widget called “{name}”. Available: {EMBED_NAMES.join(', ')}.</Problem>;
  }
  const state = readEmbedState(location.search, location.hash);
  if (!state.ok) return <Problem>This embed link is malformed: {state.message}.</Problem>;
  return <EmbedView name={name} params={state.params} />;
}

function EmbedView({ name, params }: { name: EmbedName; params: URLSearchParams }) {
  const heap = params.get('heap') ?? 'jdk';
  const sync = useUrlState(name, { heap });
  if (name === 'heap-layout') {
    const problem = checkParams(params, ['deadlines']);
    if (problem) return <Problem>This embed link is malformed: {problem}.</Problem>;
    return (
      <main className="embed">
        <WasmWidget name="Heap layout"><HeapLayout initial={params.get('deadlines') ?? ''} /></WasmWidget>
      </main>
    );
  }
  if (name === 'bench') {
    const problem = checkParams(params, ['suite', 'preset', 'run']);
    if (problem) return <Problem>This embed link is malformed: {problem}.</Problem>;
    const suite = params.get('suite') ?? 'heap-cancel';
    const preset = params.get('preset') ?? 'quick';
    const run = params.get('run') ?? '0';
    if (!lookup(SUITES, suite)) return <Problem>This embed link is malformed: suite={suite} is not a suite; expected {Object.keys(SUITES).join(', ')}.</Problem>;
    if (preset !== 'quick' && preset !== 'full') return <Problem>This embed link is malformed: preset={preset}; expected quick or full.</Problem>;
    if (run !== '0' && run !== '1') return <Problem>This embed link is malformed: run={run}; expected run=1 (start at once) or run=0.</Problem>;
    return <main className="embed"><BenchmarkPanel suite={suite} preset={preset} autoRun={run === '1'} /></main>;
  }
  const p = parseHeapEmbed(params);
  if (!p.ok) return <Problem>This embed link is malformed: {p.message}.</Problem>;
  return (
    <main className="embed">
      <WasmWidget name={p.heap === 'race' ? 'Race view' : 'Heap player'}>
        {p.heap === 'race'
          ? <RaceView ops={p.ops} step={p.step} onChange={sync} />
          : <HeapPlayer heap={p.heap} ops={p.ops} step={p.step} onChange={sync} />}
      </WasmWidget>
    </main>
  );
}
