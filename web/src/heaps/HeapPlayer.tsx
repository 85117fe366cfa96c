// One heap, one script, stepped through: the tree and array, the pseudocode line, the narration
// and the counters, all read from the trace the Rust recorder wrote.
import { useMemo } from 'react';
import { useDraft } from '../wasm/WasmWidget';
import { Replay } from '../player/replay';
import { usePlayer, SPEEDS } from '../player/usePlayer';
import { PlayerControls } from '../player/PlayerControls';
import { Pseudocode } from '../player/Pseudocode';
import { HeapView } from './HeapView';
import { CountersPanel } from './CountersPanel';
import { ScriptEditor } from './ScriptEditor';
import { CountOnly } from './CountOnly';
import { useHeapScript } from './useHeapScript';
import { describeCommand, type Command } from './script';
import { heapEmbedLink, resolveStep, type StepSpec } from '../embed/params';
import { ShareLink } from '../embed/ShareLink';
import { EMPTY_HEAP, HEAP_TITLES, actionLabel, type HeapKind, type HeapRun } from './trace';

export interface HeapPlayerProps {
  heap?: HeapKind;
  ops?: string;
  /** Initial step: a number, or 'end'. */
  step?: StepSpec;
  /** Called when the script or the step changes (the embed page writes them to the URL). */
  onChange?: (ops: string, step: number) => void;
}

export function HeapPlayer({ heap = 'jdk', ops = '', step = 0, onChange }: HeapPlayerProps) {
  const [text, setText] = useDraft('ops', ops);
  const script = useHeapScript(text, [heap]);
  const run = script.traced?.ok ? script.traced.runs[heap] : undefined;
  const title = HEAP_TITLES[heap];

  const edit = (t: string) => {
    setText(t);
    onChange?.(t, 0);
  };

  return (
    <section className="widget heap-player" aria-label={`${title} step player`}>
      <h3 className="widget-title">{title}</h3>
      <ScriptEditor text={text} onChange={edit} error={script.error} />
      {run && (
        <TracePlayer key={text} run={run} heap={heap} initial={step} text={text} onStep={(k) => onChange?.(text, k)}
          commands={script.parsed.ok ? script.parsed.commands : []} />
      )}
      {script.counting && (
        <>
          <CountOnly counting={script.counting} heaps={[heap]} />
          <ShareLink link={heapEmbedLink(heap, text, 0)} label="Link to this script" />
        </>
      )}
    </section>
  );
}

function TracePlayer({ run, heap, initial, text, onStep, commands }: {
  run: HeapRun; heap: HeapKind; initial: StepSpec; text: string; onStep: (k: number) => void;
  commands: Command[];
}) {
  const replay = useMemo(() => new Replay(run.trace), [run]);
  const length = run.trace.steps.length;
  const start = useMemo(() => resolveStep(initial, run.actionStarts, length), [initial, run, length]);
  const player = usePlayer(length, start.step, onStep);
  const state = replay.stateAt(player.step);
  const current = player.step > 0 ? run.trace.steps[player.step - 1] : null;
  const action = current ? run.actions[current.action] : null;
  // Between two operations the reader wants to know what comes next, not what just ended.
  const boundary = run.actionStarts.indexOf(player.step);
  const upcoming = boundary >= 0 ? boundary : null;
  const fast = player.playing ? Math.min(250, 800 / SPEEDS[player.speed]) : 250;

  const narration = current
    ? current.text
    : length === 0
      ? 'The script is empty: add some operations above.'
      : `Ready: ${run.actions.length.toLocaleString('en-US')} operations, ${length.toLocaleString('en-US')} steps. Press play, or → to step.`;

  return (
    <div className="trace-player" onKeyDown={player.onKeyDown} tabIndex={-1}>
      <PlayerControls player={player} label={HEAP_TITLES[heap]} />
      {start.notice && player.step === start.step && <p className="notice" role="status">{start.notice}</p>}
      <p className="operation-label">
        {upcoming !== null ? (
          <>
            {upcoming === 0 ? 'Before the first operation' : `Operation ${upcoming} done`}; next, operation {upcoming + 1} of{' '}
            {run.actions.length}: <strong>{actionLabel(run.actions[upcoming], run.deadlines, commands)}</strong>
          </>
        ) : action && current ? (
          <>
            Operation {current.action + 1} of {run.actions.length}:{' '}
            <strong>{actionLabel(action, run.deadlines, commands)}</strong>
            {commands[action.command]?.op !== action.kind && <> (from <code>{describeCommand(commands[action.command])}</code>)</>}
          </>
        ) : 'All operations done'}
      </p>
      {/* Silent while playing: a screen reader cannot keep up with 240 sentences a second. */}
      <p className="narration" aria-live={player.playing ? 'off' : 'polite'}>{narration}</p>
      {run.overflowed && (
        <p className="input-error" role="alert">The animation stops at 250,000 steps; shorten the script to see all of it.</p>
      )}
      <div className="heap-layout-grid">
        <HeapView state={state} deadlines={run.deadlines} heap={heap} moveMs={fast} />
        <div className="heap-side">
          <Pseudocode lines={run.pseudocode} current={current ? state.line : -1} title="Pseudocode" />
          <CountersPanel last={state.action >= 0 ? state.last : EMPTY_HEAP.last} total={state.total} heap={heap} />
        </div>
      </div>
      <ShareLink link={heapEmbedLink(heap, text, player.step)} />
    </div>
  );
}
