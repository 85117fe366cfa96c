// What the lessons' benchmark-reading exercises share: an interval on a ratio read the way the
// verdicts read it, and a rule that keeps a rounded answer away from the rounding boundary so a
// student who computes it exactly cannot be marked wrong by a hair.
import { judge, type Interval } from '../bench/ratio';

export const READINGS = ['faster', 'slower', 'cannot tell'] as const;
export type Reading = (typeof READINGS)[number];

/** A ratio a ÷ b's interval, read: a faster (all of it ≥ 1), slower (all of it < 1), or cannot tell. */
export function readInterval(i: Interval): Reading {
  if (judge(i, { kind: 'at least', threshold: 1 }) === 'reproduced') return 'faster';
  if (judge(i, { kind: 'below', threshold: 1 }) === 'reproduced') return 'slower';
  return 'cannot tell';
}

/** "0.881×–0.920×": three decimals, so an end near 1× is not rounded onto it. */
export const intervalText = (i: Interval) => `${i.low.toFixed(3)}×–${i.high.toFixed(3)}×`;

/** Whether x rounds the same however it is computed (its fraction is not within `margin` of ½). */
export const clearOfHalf = (x: number, margin = 0.1) => Math.abs((x - Math.floor(x)) - 0.5) > margin;
