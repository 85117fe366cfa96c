// /embed/<name>: one widget and its controls, no site chrome, for an iframe in someone's docs.
// The widget's state lives in the URL, so any view can be shared exactly as it is.
import { useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EMBED_NAMES, type EmbedName } from '../embed/names';
import { parseHeapEmbed } from '../embed/params';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from '../widgets/HeapLayout';
import { HeapPlayer } from '../heaps/HeapPlayer';
import { RaceView } from '../heaps/RaceView';
import { BenchmarkPanel } from '../bench/BenchmarkPanel';
import { SUITES } from '../bench/suites';

function isEmbedName(name: string): name is EmbedName {
  return (EMBED_NAMES as readonly string[]).includes(name);
}

/** Writes the script and step back into the URL (replacing, not pushing: no history spam). */
function useUrlState() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (ops: string, step: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.set('ops', ops);
      url.searchParams.set('step', String(step));
      window.history.replaceState(window.history.state, '', url);
    }, 150);
  };
}

function Problem({ children }: { children: React.ReactNode }) {
  return <main className="embed"><p className="widget widget-error" role="alert">{children}</p></main>;
}

export function EmbedPage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const sync = useUrlState();
  if (!isEmbedName(name)) {
    return <Problem>There is no embeddable widget called “{name}”. Available: {EMBED_NAMES.join(', ')}.</Problem>;
  }
  if (name === 'heap-layout') {
    return (
      <main className="embed">
        <WasmWidget name="Heap layout"><HeapLayout initial={params.get('deadlines') ?? ''} /></WasmWidget>
      </main>
    );
  }
  if (name === 'bench') {
    const suite = params.get('suite') ?? 'heap-cancel';
    const preset = params.get('preset') ?? 'quick';
    if (!(suite in SUITES)) return <Problem>This embed link is malformed: suite={suite} is not a suite; expected {Object.keys(SUITES).join(', ')}.</Problem>;
    if (preset !== 'quick' && preset !== 'full') return <Problem>This embed link is malformed: preset={preset}; expected quick or full.</Problem>;
    return <main className="embed"><BenchmarkPanel suite={suite} preset={preset} autoRun={params.get('run') === '1'} /></main>;
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
