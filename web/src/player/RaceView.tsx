// The same script on every variant of a family, side by side, aligned operation by operation,
// so the difference in work is visible at a glance.
import { useMemo, useRef } from 'react';
import { FrameReplay } from '../script/replay';
import { Frame } from '../script/frame';
import { usePlayer } from './usePlayer';
import { PlayerControls } from './PlayerControls';
import { CountersPanel, minusCounts } from './CountersPanel';
import type { Trace } from '../script/trace';
import { useDraft } from '../wasm/drafts';
import { ScriptEditor } from '../script/ScriptEditor';
import { CountOnly, ratio } from './CountOnly';
import { useScript } from '../script/useScript';
import { SettingsFields, givenSettings, useSettings, type Settings } from './settings';
import { expandedFrom, settingDefaults } from './ScriptPlayer';
import { describeCommand, type Command } from '../script/parse';
import { variantSpec } from '../script/schema';
import { resolveStep, type StepSpec } from '../embed/params';
import { familyLink, type Link } from '../embed/link';
import { ShareLink } from '../embed/ShareLink';
import { ShareEmbed } from '../embed/ShareEmbed';
import { shows, withParts, type Parts } from '../embed/parts';
import { viewFileName } from '../embed/snippets';
import type { FamilyModule } from '../registry/family';
import { useFollowFocus } from './followFocus';
import { usePlayerNews } from './news';
import { ScriptBox } from './ScriptBox';
import { useSectionName } from './sectionName';
import { describeWork, workOf } from '../registry/work';

export const RACE = 'race';

export function RaceView({ module, ops = '', step = 0, settings = {}, parts = null, onChange }: {
  module: FamilyModule; ops?: string; step?: StepSpec; settings?: Settings;
  /** The parts to show (`show=` in an embed link); null: all of them. */
  parts?: Parts;
  onChange?: (ops: string, step: number, settings: Settings) => void;
}) {
  const [text, setText] = useDraft('ops', ops);
  const [values, setValue] = useSettings(module, settings);
  const given = givenSettings(module, values);
  const variants = module.raceVariants ?? module.variants;
  const script = useScript(module.name, text, variants, given);
  const traces = script.traced?.ok ? script.traced.traces : null;
  const commands = script.parsed.ok ? script.parsed.commands : [];
  const link = (k: number, shown: Parts = parts) => familyLink(module, RACE, text, k, withParts(given, shown));
  const settingError = script.error?.setting ? script.error : null;
  const counted = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLElement>(null);
  const section = useSectionName(region);
  return (
    <section className={`widget race-view ${module.name}-race`} aria-label={`${section ? `${section}: ` : ''}${module.raceTitle}`} ref={region}>
      <h3 className="widget-title">{module.raceTitle}</h3>
      {shows(parts, 'script') && (
        <ScriptBox>
          <ScriptEditor text={text} onChange={(t) => { setText(t); onChange?.(t, 0, given); }} error={settingError ? null : script.error}
            help={<module.Help schema={script.schema} />} />
          <SettingsFields module={module} values={values} defaults={settingDefaults(script.schema)} error={settingError}
            onChange={(n, v) => {
              const next = setValue(n, v); // outside `onChange?.(…)`, which skips its arguments without a listener
              onChange?.(text, 0, givenSettings(module, next));
            }} />
        </ScriptBox>
      )}
      {!shows(parts, 'script') && script.error && <p className="input-error" role="alert">This view’s script or settings are not valid: {script.error.message}.</p>}
      {traces && (
        <Race key={`${text}\n${JSON.stringify(given)}`} module={module} traces={variants.map((v) => traces[v])} commands={commands} initial={step}
          link={link} parts={parts} onStep={(k) => onChange?.(text, k, given)} />
      )}
      {script.counting && (
        <>
          <div ref={counted}>
            <CountOnly counting={script.counting} module={module} schema={script.schema} variants={variants} />
          </div>
          {/* Also where the view shows some parts only: a figure can be shared as it is (issue 60). */}
          <ShareLink link={link(0)} label="Link to this script" />
          <ShareEmbed link={link(0)} title={`${module.raceTitle}: work counted`} drawing={counted} name={viewFileName(module.name, RACE, 'counts')} />
        </>
      )}
    </section>
  );
}

function Race({ module, traces, commands, initial, link, parts, onStep }: {
  module: FamilyModule; traces: Trace[]; commands: Command[]; initial: StepSpec;
  link: (k: number, shown?: Parts) => Link; parts: Parts; onStep: (k: number) => void;
}) {
  const replays = useMemo(() => traces.map((t) => new FrameReplay(t)), [traces]);
  const first = traces[0];
  // Threads can make the lanes run different numbers of operations (a drain polls until empty).
  const actions = Math.max(...traces.map((t) => t.actions.length));
  // The race steps whole operations, in the order they complete: op:N is N − 1 operations done.
  const ops = useMemo(() => Array.from({ length: actions }, (_, i) => i), [actions]);
  const start = useMemo(() => resolveStep(initial, ops, actions), [initial, ops, actions]);
  const player = usePlayer(actions, start.step, onStep);
  const k = player.step;
  const frameAfter = (t: Trace, i: number, done: number) =>
    new Frame(t.schema, replays[i].frameAt(done === 0 ? 0 : done <= t.completions.length ? t.completions[done - 1] : t.length));
  const frames = traces.map((t, i) => frameAfter(t, i, k));
  // The work since the race's previous step: one whole operation's on one thread; with threads
  // interleaved, whatever every thread did until the next operation completed.
  const work = traces.map((t, i) => (k > 0 ? minusCounts(frames[i].counts('total'), frameAfter(t, i, k - 1).counts('total')) : undefined));
  const lastOf = (t: Trace) => (k > 0 && k <= t.completedActions.length ? t.actions[t.completedActions[k - 1]] : null);
  const last = lastOf(first);
  // When the lanes finished different operations k-th, each lane says which.
  const sameLast = traces.every((t) => lastOf(t)?.label === last?.label);
  const title = (t: Trace) => variantSpec(t.schema, t.variant).title;
  const totals = frames.map((f) => workOf(module.work, f.counts('total')));
  const figure = useRef<HTMLDivElement>(null);
  const caption = last ? `After operation ${k} of ${actions}: ${last.label}.` : 'Before the first operation.';

  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useFollowFocus(root, bar, player.step, player.playing);
  const news = usePlayerNews(player, caption);
  return (
    <div className="trace-player" onKeyDown={player.onKeyDown} tabIndex={-1} ref={root}>
      {/* What a picture of this view holds: the parts marked data-part (ShareEmbed leaves out those not
          chosen, and the controls always: they only work live). */}
      <div className="player-figure" ref={figure}>
      {/* On a narrow screen, where the lanes stack, the bar sticks to the top while the race is in
          view: the buttons and both lanes' work so far stay in sight whichever lane is on screen. */}
      <div className="player-bar" ref={bar}>
        {shows(parts, 'controls') && <div data-part="controls"><PlayerControls player={player} label="Race" /></div>}
        {start.notice && player.step === start.step && <p className="notice" role="status">{start.notice}</p>}
        {/* On a phone the long sentence scrolls away with the lanes: what happened and the totals stay. */}
        <p className="race-totals" data-part="narration" aria-hidden="true">
          {caption} Work so far: {traces.map((t, i) => <span key={t.variant}>{i > 0 && ' · '}{title(t)} <strong>{totals[i].toLocaleString('en-US')}</strong></span>)}
        </p>
        <p className="visually-hidden" role="status">{news}</p>
      </div>
      {/* Silent while playing: a screen reader cannot keep up with 240 sentences a second. */}
      {shows(parts, 'narration') && <p className="narration" data-part="narration" aria-live={player.playing ? 'off' : 'polite'} aria-atomic="true">
        {last
          ? <>After operation {k} of {actions} (<strong>{last.label}</strong>
            {commands[last.command] && expandedFrom(last.label, commands[last.command].op) && <>, from <code>{describeCommand(commands[last.command])}</code></>}):{' '}
            {traces.map((t, i) => (
              <span key={t.variant}>{i > 0 && '; '}{title(t)}{!sameLast && <> (<strong>{lastOf(t)?.label ?? 'finished'}</strong>)</>}: {describeWork(module.work, work[i]!)}</span>
            ))}. Work so far (the counters&apos; work rows): {traces.map((t, i) => `${title(t)} ${totals[i].toLocaleString('en-US')}`).join(', ')}; {title(first)} ÷ {title(traces[1])}: {ratio(totals[0], totals[1])}.</>
          : `Every structure starts empty. Each step runs one whole operation on all of them (${actions} in all).`}
      </p>}
      <div className={`race-grid${module.stackedRace ? ' stacked' : ''}`}>
        {traces.map((t, i) => (
          // A region per lane, so a lane's lists and tables keep their own names (one per view) and are told apart by their lane.
          <section key={t.variant} className="race-lane" aria-label={title(t)}>
            <h4>{title(t)}</h4>
            {shows(parts, 'drawing') && (
              <div data-part="drawing">
                <module.View frame={frames[i]} trace={t} moveMs={250} inRace />
              </div>
            )}
            {shows(parts, 'counters') && (
              <div data-part="counters">
                <CountersPanel schema={t.schema} kinds={variantSpec(t.schema, t.variant).counters} work={module.work} last={work[i]}
                  lastLabel={t.interleaved ? 'since the last step' : undefined}
                  total={frames[i].counts('total')} caption={`${title(t)}: work counted`} />
              </div>
            )}
          </section>
        ))}
      </div>
      </div>
      {/* On a figure-only view too, with its parts chosen; inside a frame ShareEmbed is a link to
          the lab that keeps them (it dropped show= before issue 60). */}
      <ShareLink link={link(player.step)} />
      <ShareEmbed link={link(player.step)} title={module.raceTitle} drawing={figure} name={viewFileName(module.name, RACE, player.step)}
        caption={(shown) => (shows(shown, 'narration') ? `After operation ${k} of ${actions}.` : caption)}
        parts={{ initial: parts, link: (shown) => link(player.step, shown) }} />
    </div>
  );
}
