// Kafka's timing wheel and the DelayQueue of tasks it replaced, as a structure family.
import { LIMITS, OLD_VARIANT_PARAM, VARIANTS } from './schema.gen';
import './wheel.css';
import type { FamilyManifest, FamilyModule, ViewProps } from '../registry/family';
import { WasmWidget, framed } from '../wasm/WasmWidget';
import { onDemand } from '../runtime/onDemand';
import { checkParams } from '../embed/link';
import { WheelView } from './WheelView';
import { excerpt, num } from '../util/format';
import { WHEEL_WORK } from './work';

const PurgatorySim = onDemand('the purgatory simulation', async () => (await import('./PurgatorySim')).PurgatorySim);

function WheelHelp() {
  const l = LIMITS;
  return (
    <ul>
      <li><code>add ID DELAY</code> schedules timer ID (a whole number, new each time) due DELAY ms from now;
        <code>cancel ID</code> cancels it (nothing happens if it has already fired or been cancelled);
        <code>advance T</code> moves the clock to T ms (T is absolute and never earlier than now), running every
        timer due by then.</li>
      <li>Two clocks, as in Kafka: an expiration is now + delay, but the levels&apos; reaches count from the wheel&apos;s own
        clock, which moves only to the expiration of each bucket the reaper polls. After an idle gap it lags now, and a
        short timer can land on a higher level, in a bucket already due, and cascade down at once.</li>
      <li><code>burst N DELAY</code> adds N timers with the next free IDs, all due DELAY ms from now;
        <code>random N MAX SEED</code> adds N timers with delays drawn from 0 … MAX − 1 ms (under MAX), the same for the same seed;
        <code>cancel-all</code> cancels every pending timer; <code>drain</code> advances to the last pending expiration.</li>
      <li>The wheel is Kafka&apos;s: {l.tickMs} ms ticks, {l.wheelSize} slots a level; a timer due now runs at once (through the reaper, if the wheel&apos;s clock lags).</li>
      <li>Limits: drawn for up to {num(l.drawnTimers)} timers and {num(l.drawnOperations)} operations ({num(l.drawnSteps)} steps);
        larger scripts are counted only, up to {num(l.countedTimers)} timers.</li>
    </ul>
  );
}

function TimerView(props: ViewProps) {
  return <WheelView {...props} />;
}

export const wheelFamily: FamilyModule = {
  name: 'wheel',
  oldVariantParam: OLD_VARIANT_PARAM,
  variants: [...VARIANTS],
  defaultVariant: 'wheel',
  noun: ['timer', 'timers'],
  raceTitle: 'Race: the timing wheel against a DelayQueue of tasks',
  stackedRace: true,
  View: TimerView,
  work: WHEEL_WORK,
  Help: WheelHelp,
  drawLimits: () => `${num(LIMITS.drawnTimers)} timers and ${num(LIMITS.drawnOperations)} operations`,
};

export const manifest: FamilyManifest = {
  module: wheelFamily,
  widgets: { PurgatorySim: framed('Purgatory simulation', PurgatorySim) },
  embeds: [{
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
  }],
};
