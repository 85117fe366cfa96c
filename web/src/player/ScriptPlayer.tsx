// One structure, one script, stepped through: the family's drawing, the pseudocode line, the
// narration and the counters, all read from the trace the Rust recorder wrote.
import { useMemo, useRef } from 'react';
import { FrameReplay } from '../script/replay';
import { Frame } from '../script/frame';
import { usePlayer, SPEEDS } from './usePlayer';
import { PlayerControls } from './PlayerControls';
import { Pseudocode } from './Pseudocode';
import { CountersPanel, minusCounts } from './CountersPanel';
import { stepAt, type Trace } from '../script/trace';
import { useDraft } from '../wasm/drafts';
import { ScriptEditor } from '../script/ScriptEditor';
import { CountOnly } from './CountOnly';
import { useScript } from '../script/useScript';
import { SettingsFields, givenSettings, useSettings, type Settings } from './settings';
import { describeCommand, type Command } from '../script/parse';
import { variantSpec } from '../script/schema';
import { resolveStep, type StepSpec } from '../embed/params';
import { familyLink, type Link } from '../embed/link';
import { ShareLink } from '../embed/ShareLink';
import { ShareEmbed } from '../embed/ShareEmbed';
import { shows, withParts, type Parts } from '../embed/parts';
import { viewFileName } from '../embed/snippets';
import type { FamilyModule } from '../registry/family';
import { num } from '../util/format';
import { useFollowFocus } from './followFocus';
import { usePlayerNews } from './news';
import { ScriptBox } from './ScriptBox';
import { useSectionName } from './sectionName';

export interface ScriptPlayerProps {
  variant?: string;
  ops?: string;
  /** Initial step: a number, 'end', or 'op:N'. */
  step?: StepSpec;
  /** The family's settings (a queue's capacity and schedule), as the link gives them. */
  settings?: Settings;
  /** The parts to show (`show=` in an embed link); null or absent: all of them. */
  parts?: Parts;
  /** Called when the script, a setting or the step changes (the embed page writes them to the URL). */
  onChange?: (ops: string, step: number, settings: Settings) => void;
}

/** The schema's default of each setting, shown greyed in its empty box. */
export function settingDefaults(schema: { settings: { name: string; default: string }[] }): Settings {
  return Object.fromEntries(schema.settings.map((s) => [s.name, s.default]));
}

export function ScriptPlayer({ module, variant = module.defaultVariant, ops = '', step = 0, settings = {}, parts = null, onChange }: ScriptPlayerProps & { module: FamilyModule }) {
  const [text, setText] = useDraft('ops', ops);
  const [values, setValue] = useSettings(module, settings);
  const given = givenSettings(module, values);
  const script = useScript(module.name, text, [variant], given);
  const trace = script.traced?.ok ? script.traced.traces[variant] : undefined;
  const title = variantSpec(script.schema, variant).title;
  const link = (k: number, shown: Parts = parts) => familyLink(module, variant, text, k, withParts(given, shown));

  const edit = (t: string) => {
    setText(t);
    onChange?.(t, 0, given);
  };
  const setSetting = (name: string, v: string) => {
    // Not inside `onChange?.(…)`: without a listener (a lesson's player) its arguments would
    // never run, and the box would snap back on every keystroke.
    const next = setValue(name, v);
    onChange?.(text, 0, givenSettings(module, next));
  };
  const settingError = script.error?.setting ? script.error : null;
  const counted = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLElement>(null);
  const section = useSectionName(region);

  return (
    <section className={`widget player ${module.name}-player`} aria-label={`${section ? `${section}: ` : ''}${title} step player`} ref={region}>
      <h3 className="widget-title">{title}</h3>
      {shows(parts, 'script') && (
        <ScriptBox>
          <ScriptEditor text={text} onChange={edit} error={settingError ? null : script.error} help={<module.Help schema={script.schema} />} />
          <SettingsFields module={module} values={values} defaults={settingDefaults(script.schema)} onChange={setSetting} error={settingError} />
        </ScriptBox>
      )}
      {!shows(parts, 'script') && script.error && <p className="input-error" role="alert">This view’s script or settings are not valid: {script.error.message}.</p>}
      {trace && (
        <TracePlayer key={`${text}\n${JSON.stringify(given)}`} module={module} trace={trace} title={title} initial={step} link={link} parts={parts}
          onStep={(k) => onChange?.(text, k, given)} commands={script.parsed.ok ? script.parsed.commands : []} />
      )}
      {script.counting && (
        <>
          <div ref={counted}>
            <CountOnly counting={script.counting} module={module} schema={script.schema} variants={[variant]} />
          </div>
          {/* Also where the view shows some parts only: a figure can be shared as it is (issue 60). */}
          <ShareLink link={link(0)} label="Link to this script" />
          <ShareEmbed link={link(0)} title={`${title}: work counted`} drawing={counted} name={viewFileName(module.name, variant, 'counts')} />
        </>
      )}
    </section>
  );
}

/**
 * Whether an operation came from a macro rather than a command of its own name: its label's
 * first word (after a thread's name, "P1: poll → 5") is not the command's.
 */
export function expandedFrom(label: string, op: string): boolean {
  return label.replace(/^\S+: /, '').split(' ')[0] !== op;
}

/** A label without its result ("P1: poll → 5" → "P1: poll"), for an operation that has not returned yet. */
const unreturned = (label: string) => label.replace(/ → .*$/, '');

/** "Operation 3 of 30: add 40 (from schedule 15)", or what comes next between operations. */
export function OperationLabel({ trace, step, commands }: { trace: Trace; step: number; commands: Command[] }) {
  const total = trace.actions.length;
  const from = (a: number) => {
    const cmd = commands[trace.actions[a].command];
    return cmd && expandedFrom(trace.actions[a].label, cmd.op) ? <> (from <code>{describeCommand(cmd)}</code>)</> : null;
  };
  // Between two operations the reader wants to know what comes next, not what just ended (with
  // threads interleaved, operations overlap: each step names its own).
  const upcoming = trace.interleaved ? -1 : trace.actionStarts.indexOf(step);
  if (upcoming >= 0) {
    return (
      <p className="operation-label">
        {upcoming === 0 ? 'Before the first operation' : `Operation ${upcoming} done`}; next, operation {upcoming + 1} of{' '}
        {total}: <strong>{unreturned(trace.actions[upcoming].label)}</strong>{from(upcoming)}
      </p>
    );
  }
  if (step === 0 && trace.interleaved) return <p className="operation-label">Before the first step: no thread has run yet</p>;
  if (step === 0 || step > trace.length) return <p className="operation-label">All operations done</p>;
  const a = stepAt(trace, step - 1).action;
  // An interleaved operation's label ends with its result ("→ 5"): not told before it returns.
  const returned = !trace.interleaved || trace.completions[trace.completedActions.indexOf(a)] <= step;
  const label = returned ? trace.actions[a].label : unreturned(trace.actions[a].label);
  return (
    <p className="operation-label">
      Operation {a + 1} of {total}: <strong>{label}</strong>{from(a)}
    </p>
  );
}

function TracePlayer({ module, trace, title, initial, link, parts, onStep, commands }: {
  module: FamilyModule; trace: Trace; title: string; initial: StepSpec; link: (k: number, shown?: Parts) => Link; parts: Parts;
  onStep: (k: number) => void; commands: Command[];
}) {
  const replay = useMemo(() => new FrameReplay(trace), [trace]);
  const figure = useRef<HTMLDivElement>(null);
  const start = useMemo(() => resolveStep(initial, trace.actionStarts, trace.length), [initial, trace]);
  const player = usePlayer(trace.length, start.step, onStep);
  const frame = new Frame(trace.schema, replay.frameAt(player.step));
  const stepWork = player.step > 0 && trace.interleaved
    ? minusCounts(frame.counts('total'), new Frame(trace.schema, replay.frameAt(player.step - 1)).counts('total'))
    : undefined;
  const current = player.step > 0 ? stepAt(trace, player.step - 1) : null;
  const fast = player.playing ? Math.min(250, 800 / SPEEDS[player.speed]) : 250;
  const steps = trace.length;

  const narration = current
    ? trace.text(player.step - 1)
    : steps === 0
      ? 'The script is empty: add some commands above.'
      : `Ready: ${num(trace.actions.length)} operations, ${num(steps)} steps. Press play, or → to step.`;

  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useFollowFocus(root, bar, player.step, player.playing);
  const news = usePlayerNews(player, narration);
  const side = shows(parts, 'pseudocode') || shows(parts, 'counters');
  const caption = `Step ${num(player.step)} of ${num(steps)}`;
  return (
    <div className="trace-player" onKeyDown={player.onKeyDown} tabIndex={-1} ref={root}>
      {/* What a picture of this view holds: the parts marked data-part (ShareEmbed leaves out those not
          chosen, and the controls always: they only work live). */}
      <div className="player-figure" ref={figure}>
        {/* On a narrow screen the bar sticks to the top while the player is in view: the buttons and
            the step's sentence stay beside the drawing they move (player.css). */}
        <div className="player-bar" ref={bar}>
          {shows(parts, 'controls') && <div data-part="controls"><PlayerControls player={player} label={title} /></div>}
          {start.notice && player.step === start.step && <p className="notice" role="status">{start.notice}</p>}
          {shows(parts, 'narration') && (
            <div data-part="narration">
              <OperationLabel trace={trace} step={player.step} commands={commands} />
              {/* Silent while playing: a screen reader cannot keep up with 240 sentences a second. */}
              <p className="narration" aria-live={player.playing ? 'off' : 'polite'} aria-atomic="true">{narration}</p>
            </div>
          )}
          <p className="visually-hidden" role="status">{news}</p>
        </div>
        {trace.overflowed && (
          <p className="input-error" role="alert">
            The animation stops at {num(trace.schema.limits.drawnSteps)} steps; shorten the script to see all of it.
          </p>
        )}
        <div className={`player-grid${shows(parts, 'drawing') && side ? '' : ' single'}`}>
          {shows(parts, 'drawing') && (
            <div className="player-view" data-part="drawing">
              <module.View frame={frame} trace={trace} moveMs={fast} />
            </div>
          )}
          {side && (
            <div className="player-side">
              {shows(parts, 'pseudocode') && (
                <div data-part="pseudocode">
                  <Pseudocode lines={variantSpec(trace.schema, trace.variant).pseudocode} current={current ? current.line : -1} title="Pseudocode" />
                </div>
              )}
              {/* Interleaved threads have no single current operation: the column is this step's work. */}
              {shows(parts, 'counters') && (
                <div data-part="counters">
                  <CountersPanel schema={trace.schema} kinds={variantSpec(trace.schema, trace.variant).counters} work={module.work}
                    last={trace.interleaved ? stepWork : frame.counts('last')} lastLabel={trace.interleaved ? 'this step' : undefined}
                    total={frame.counts('total')} />
                </div>
              )}
            </div>
          )}
        </div>
      </div>
      {/* On a figure-only view too, with its parts chosen; inside a frame ShareEmbed is a link to
          the lab that keeps them (it dropped show= before issue 60). */}
      <ShareLink link={link(player.step)} />
      <ShareEmbed link={link(player.step)} title={title} drawing={figure} name={viewFileName(module.name, trace.variant, player.step)}
        caption={(shown) => (shows(shown, 'narration') ? `${caption}.` : `${caption}: ${narration}`)}
        parts={{ initial: parts, link: (shown) => link(player.step, shown) }} />
    </div>
  );
}
