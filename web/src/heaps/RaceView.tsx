// The same script on both heaps, side by side, aligned operation by operation, so the
// difference in work is visible at a glance.
import { useMemo } from 'react';
import { useDraft } from '../wasm/WasmWidget';
import { Replay } from '../player/replay';
import { usePlayer } from '../player/usePlayer';
import { PlayerControls } from '../player/PlayerControls';
import { HeapView } from './HeapView';
import { CountersPanel } from './CountersPanel';
import { ScriptEditor } from './ScriptEditor';
import { CountOnly, ratio } from './CountOnly';
import { useHeapScript } from './useHeapScript';
import { describeCommand, type Command } from './script';
import { heapEmbedLink, resolveStep, type StepSpec } from '../embed/params';
import { ShareLink } from '../embed/ShareLink';
import { HEAP_TITLES, actionLabel, describeWork, workOf, type HeapKind, type HeapRun, type HeapState } from './trace';

const HEAPS: HeapKind[] = ['jdk', 'indexed'];

export function RaceView({ ops = '', step = 0, onChange }: {
  ops?: string; step?: StepSpec; onChange?: (ops: string, step: number) => void;
}) {
  const [text, setText] = useDraft('ops', ops);
  const script = useHeapScript(text, HEAPS);
  const runs = script.traced?.ok ? script.traced.runs : null;
  const commands = script.parsed.ok ? script.parsed.commands : [];
  return (
    <section className="widget race-view" aria-label="Race: both heaps on the same script">
      <h3 className="widget-title">Race: the same script on both heaps</h3>
      <ScriptEditor text={text} onChange={(t) => { setText(t); onChange?.(t, 0); }} error={script.error} />
      {runs?.jdk && runs.indexed && (
        <Race key={text} jdk={runs.jdk} indexed={runs.indexed} commands={commands} initial={step} text={text}
          onStep={(k) => onChange?.(text, k)} />
      )}
      {script.counting && (
        <>
          <CountOnly counting={script.counting} heaps={HEAPS} />
          <ShareLink link={heapEmbedLink('race', text, 0)} label="Link to this script" />
        </>
      )}
    </section>
  );
}

/** The state of a run after `k` whole actions. */
function afterActions(run: HeapRun, replay: Replay<HeapState, unknown>, k: number): HeapState {
  const at = k < run.actionStarts.length ? run.actionStarts[k] : run.trace.steps.length;
  return replay.stateAt(at);
}

function Race({ jdk, indexed, commands, initial, text, onStep }: {
  jdk: HeapRun; indexed: HeapRun; commands: Command[]; initial: StepSpec; text: string;
  onStep: (k: number) => void;
}) {
  const replays = useMemo(() => ({ jdk: new Replay(jdk.trace), indexed: new Replay(indexed.trace) }), [jdk, indexed]);
  const actions = jdk.actions.length;
  // The race steps whole operations: op:N is N − 1 operations done.
  const ops = useMemo(() => Array.from({ length: actions }, (_, i) => i), [actions]);
  const start = useMemo(() => resolveStep(initial, ops, actions), [initial, actions]);
  const player = usePlayer(actions, start.step, onStep);
  const k = player.step;
  const states = {
    jdk: afterActions(jdk, replays.jdk as Replay<HeapState, unknown>, k),
    indexed: afterActions(indexed, replays.indexed as Replay<HeapState, unknown>, k),
  };
  const last = k > 0 ? jdk.actions[k - 1] : null;
  const totalJdk = workOf(states.jdk.total);
  const totalIdx = workOf(states.indexed.total);

  return (
    <div className="trace-player" onKeyDown={player.onKeyDown} tabIndex={-1}>
      <PlayerControls player={player} label="Race" />
      {start.notice && player.step === start.step && <p className="notice" role="status">{start.notice}</p>}
      {/* Silent while playing: a screen reader cannot keep up with 240 sentences a second. */}
      <p className="narration" aria-live={player.playing ? 'off' : 'polite'}>
        {last
          ? <>After operation {k} of {actions} (<strong>{actionLabel(last, jdk.deadlines, commands)}</strong>
            {commands[last.command]?.op !== last.kind && <>, from <code>{describeCommand(commands[last.command])}</code></>}):
            the JDK heap spent {describeWork(states.jdk.last, 'jdk')} on it; the indexed heap{' '}
            {describeWork(states.indexed.last, 'indexed')}. So far the JDK heap has done {ratio(totalJdk, totalIdx)} the
            indexed heap&apos;s work (all four counts added up).</>
          : `Both heaps start empty. Each step runs one whole operation on both (${actions} in all).`}
      </p>
      <div className="race-grid">
        {HEAPS.map((h) => (
          <div key={h} className="race-lane">
            <h4>{HEAP_TITLES[h]}</h4>
            <HeapView state={states[h]} deadlines={jdk.deadlines} heap={h} />
            <CountersPanel last={k > 0 ? states[h].last : undefined} total={states[h].total} heap={h}
              caption={`${HEAP_TITLES[h]}: work counted`} />
          </div>
        ))}
      </div>
      <ShareLink link={heapEmbedLink('race', text, player.step)} />
    </div>
  );
}
