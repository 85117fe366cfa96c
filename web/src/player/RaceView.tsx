// The same script on every variant of a family, side by side, aligned operation by operation,
// so the difference in work is visible at a glance.
import { useMemo } from 'react';
import { FrameReplay } from './replay';
import { Frame } from './frame';
import { usePlayer } from './usePlayer';
import { PlayerControls } from './PlayerControls';
import { CountersPanel } from './CountersPanel';
import type { Trace } from './trace';
import { useDraft } from '../wasm/WasmWidget';
import { ScriptEditor } from '../script/ScriptEditor';
import { CountOnly, ratio } from '../script/CountOnly';
import { useScript } from '../script/useScript';
import { describeCommand, type Command } from '../script/parse';
import { variantSpec } from '../script/schema';
import { resolveStep, type StepSpec } from '../embed/params';
import { familyLink } from '../embed/link';
import { ShareLink } from '../embed/ShareLink';
import type { FamilyModule } from '../registry/family';

export const RACE = 'race';

export function RaceView({ module, ops = '', step = 0, onChange }: {
  module: FamilyModule; ops?: string; step?: StepSpec; onChange?: (ops: string, step: number) => void;
}) {
  const [text, setText] = useDraft('ops', ops);
  const variants = module.variants;
  const script = useScript(module.name, text, variants);
  const traces = script.traced?.ok ? script.traced.traces : null;
  const commands = script.parsed.ok ? script.parsed.commands : [];
  const link = (k: number) => familyLink(module, RACE, text, k);
  return (
    <section className={`widget race-view ${module.name}-race`} aria-label={module.raceTitle}>
      <h3 className="widget-title">{module.raceTitle}</h3>
      <ScriptEditor text={text} onChange={(t) => { setText(t); onChange?.(t, 0); }} error={script.error}
        help={<module.Help schema={script.schema} />} />
      {traces && (
        <Race key={text} module={module} traces={variants.map((v) => traces[v])} commands={commands} initial={step}
          link={link} onStep={(k) => onChange?.(text, k)} />
      )}
      {script.counting && (
        <>
          <CountOnly counting={script.counting} module={module} schema={script.schema} variants={variants} />
          <ShareLink link={link(0)} label="Link to this script" />
        </>
      )}
    </section>
  );
}

function Race({ module, traces, commands, initial, link, onStep }: {
  module: FamilyModule; traces: Trace[]; commands: Command[]; initial: StepSpec;
  link: (k: number) => ReturnType<typeof familyLink>; onStep: (k: number) => void;
}) {
  const replays = useMemo(() => traces.map((t) => new FrameReplay(t)), [traces]);
  const first = traces[0];
  const actions = first.actions.length;
  // The race steps whole operations: op:N is N − 1 operations done.
  const ops = useMemo(() => Array.from({ length: actions }, (_, i) => i), [actions]);
  const start = useMemo(() => resolveStep(initial, ops, actions), [initial, ops, actions]);
  const player = usePlayer(actions, start.step, onStep);
  const k = player.step;
  const frames = traces.map((t, i) => new Frame(t.schema, replays[i].frameAt(k < t.actionStarts.length ? t.actionStarts[k] : t.length)));
  const last = k > 0 ? first.actions[k - 1] : null;
  const title = (t: Trace) => variantSpec(t.schema, t.variant).title;
  const totals = frames.map((f) => module.work(f.counts('total')));

  return (
    <div className="trace-player" onKeyDown={player.onKeyDown} tabIndex={-1}>
      <PlayerControls player={player} label="Race" />
      {start.notice && player.step === start.step && <p className="notice" role="status">{start.notice}</p>}
      {/* Silent while playing: a screen reader cannot keep up with 240 sentences a second. */}
      <p className="narration" aria-live={player.playing ? 'off' : 'polite'}>
        {last
          ? <>After operation {k} of {actions} (<strong>{last.label}</strong>
            {commands[last.command] && last.label.split(' ')[0] !== commands[last.command].op && <>, from <code>{describeCommand(commands[last.command])}</code></>}):{' '}
            {traces.map((t, i) => (
              <span key={t.variant}>{i > 0 && '; '}{title(t)}: {module.describe(frames[i].counts('last'), t.variant)}</span>
            ))}. Work so far, {title(first)} ÷ {title(traces[1])}: {ratio(totals[0], totals[1])} ({module.workLabel}).</>
          : `Every structure starts empty. Each step runs one whole operation on all of them (${actions} in all).`}
      </p>
      <div className={`race-grid${module.stackedRace ? ' stacked' : ''}`}>
        {traces.map((t, i) => (
          <div key={t.variant} className="race-lane">
            <h4>{title(t)}</h4>
            <module.View frame={frames[i]} trace={t} moveMs={250} inRace />
            <CountersPanel schema={t.schema} kinds={module.counters(t.variant)} last={k > 0 ? frames[i].counts('last') : undefined}
              total={frames[i].counts('total')} caption={`${title(t)}: work counted`} />
          </div>
        ))}
      </div>
      <ShareLink link={link(player.step)} />
    </div>
  );
}
