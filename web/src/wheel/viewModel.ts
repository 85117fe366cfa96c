// What the wheel drawing shows for one frame: each level's clock and slots, each non-empty
// bucket's list in order, where every timer sits, and what has fired. A pure function of the
// frame, so it is tested without a browser.
import type { Frame } from './schema.gen';

export interface LevelRow {
  level: number;
  tick: number;
  interval: number;
  time: number;
  /** The slot the clock points at: (time / tick) mod size. */
  hand: number;
}

export interface BucketRow {
  level: number;
  slot: number;
  /** −1 while unset. */
  expires: number;
  /** Timer numbers, head first. */
  timers: number[];
}

export interface WheelModel {
  levels: LevelRow[];
  /** Non-empty buckets, by level then slot. */
  buckets: BucketRow[];
  /** Every bucket's expiration, by level × size + slot. */
  expirations: number[];
  /** Timers in firing order, with the time each fired. */
  fired: { timer: number; time: number }[];
  focusTimer: number;
  focusBucket: number;
  focusLevel: number;
  /** The bucket a cascading timer came from. */
  fromBucket: number;
  /** The real clock: the script's time, which expirations are computed from. */
  now: number;
  /**
   * The wheel's own clock (level 0's), which levels' reaches count from. It moves only to the
   * expiration of each bucket the reaper polls, so it lags `now` after an idle gap. −1 for the
   * DelayQueue of tasks, which has no wheel.
   */
  wheelTime: number;
}

export function wheelModel(f: Frame, size: number): WheelModel {
  const levels: LevelRow[] = [];
  const buckets: BucketRow[] = [];
  const expirations: number[] = [];
  const n = f.get('levels');
  for (let level = 0; level < n; level++) {
    const tick = f.get('level_tick', level);
    const time = f.get('level_time', level);
    levels.push({ level, tick, interval: f.get('level_interval', level), time, hand: Math.floor(time / tick) % size });
    for (let slot = 0; slot < size; slot++) {
      const b = level * size + slot;
      expirations[b] = f.get('bucket_exp', b);
      const timers: number[] = [];
      for (let e = f.get('bucket_head', b); e >= 0 && timers.length <= f.get('bucket_count', b); e = f.get('timer_next', e)) {
        timers.push(e);
      }
      if (timers.length) buckets.push({ level, slot, expires: expirations[b], timers });
    }
  }
  const fired = Array.from({ length: Math.min(f.get('fired_count'), f.schema.fields.find((x) => x.name === 'fired')!.len) }, (_, i) => {
    const timer = f.get('fired', i);
    return { timer, time: f.get('timer_fired_at', timer) };
  });
  return {
    levels, buckets, expirations, fired,
    focusTimer: f.get('focus_timer'), focusBucket: f.get('focus_bucket'), focusLevel: f.get('focus_level'),
    fromBucket: f.get('from_bucket'), now: f.get('now'), wheelTime: levels.length ? levels[0].time : -1,
  };
}

/** Drawing units: the wheel is drawn 800 wide, whatever its size on screen. */
export const WIDTH = 800;
export const LABEL_W = 104;
export const SLOT_W = (WIDTH - LABEL_W - 6) / 20;
export const HEADER_H = 36;
export const CHIP_H = 16;
/** Chips drawn per bucket; more are summarised as "+N". */
export const STACK = 4;
export const ROW_H = HEADER_H + STACK * CHIP_H + 14;

export interface ChipPlace {
  timer: number;
  x: number;
  y: number;
  /** Hidden under a "+N" summary. */
  hidden: boolean;
  fired: boolean;
}

/** Where each live or fired timer's chip is: in its bucket's column, or on the fired strip. */
export function chipPlaces(m: WheelModel, size: number): { chips: ChipPlace[]; firedTop: number; height: number; more: { x: number; y: number; n: number }[] } {
  const chips: ChipPlace[] = [];
  const more: { x: number; y: number; n: number }[] = [];
  for (const b of m.buckets) {
    const x = LABEL_W + b.slot * SLOT_W + 1;
    const top = b.level * ROW_H + HEADER_H + 2;
    b.timers.forEach((timer, i) => {
      const hidden = i >= STACK || (i === STACK - 1 && b.timers.length > STACK);
      chips.push({ timer, x, y: top + Math.min(i, STACK - 1) * CHIP_H, hidden, fired: false });
    });
    if (b.timers.length > STACK) more.push({ x, y: top + (STACK - 1) * CHIP_H, n: b.timers.length - STACK + 1 });
  }
  const firedTop = m.levels.length * ROW_H + 26;
  m.fired.forEach(({ timer }, i) => {
    chips.push({ timer, x: LABEL_W + (i % size) * SLOT_W + 1, y: firedTop + Math.floor(i / size) * CHIP_H, hidden: false, fired: true });
  });
  const height = firedTop + Math.max(1, Math.ceil(m.fired.length / size)) * CHIP_H + 8;
  return { chips, firedTop, height, more };
}

type HandAway = { level: number; slot: number; side: 'left' | 'right' };

/** A slot counts as out of sight once less than this much of it shows (the scroller's faded edge covers the rest). */
const SEEN_PX = 16;

/**
 * Where each level's clock points while its slot is scrolled out of sight (a phone shows about
 * half a row): left or right of the part in view. `slotLeft` is a slot's left edge in pixels from
 * the row's start, `slotPx` its width, `[from, width]` the part of the row in view.
 */
export function handsOutOfSight(hands: { level: number; slot: number }[], slotLeft: (slot: number) => number, slotPx: number,
  [from, width]: [number, number]): HandAway[] {
  return hands.flatMap(({ level, slot }): HandAway[] => {
    const left = slotLeft(slot);
    if (left + slotPx < from + SEEN_PX) return [{ level, slot, side: 'left' }];
    if (left > from + width - SEEN_PX) return [{ level, slot, side: 'right' }];
    return [];
  });
}
