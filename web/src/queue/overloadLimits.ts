// What the overload simulation accepts for each number, one rule for its boxes and for the
// parameters of its link (/embed/overload-sim?arrival-rate=…): a value a box takes makes a link
// that opens, and a link's value is refused with the box's own sentence.
import { num } from '../util/format';

export const LIMITS = {
  arrivalRate: [0, 5_000_000], serviceRate: [0, 5_000_000], bound: [1, 4_000_000], budgetMiB: [1, 16_384], seed: [0, 4_294_967_295], seconds: [1, 120],
} as const satisfies Record<string, readonly [number, number]>;

export type OverloadNumber = keyof typeof LIMITS;

export const LABEL: Record<OverloadNumber, string> = {
  arrivalRate: 'Packets arriving per second', serviceRate: 'Packets the consumers take per second', bound: 'Bound (packets)',
  budgetMiB: 'Memory budget (MiB)', seed: 'Seed', seconds: 'Simulated seconds',
};

/** The link parameter of each number the link carries. */
export const LINK_PARAM: Partial<Record<OverloadNumber, string>> = {
  arrivalRate: 'arrival-rate', serviceRate: 'service-rate', bound: 'bound', budgetMiB: 'budget-mib', seconds: 'seconds',
};

/** The number, or the sentence that says why not. */
export function checkOverloadNumber(field: OverloadNumber, text: string): number | string {
  const [lo, hi] = LIMITS[field];
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  if (!/^\d{1,10}$/.test(text.trim())) return `${LABEL[field]}: "${shown}" is not a whole number`;
  const v = Number(text);
  if (v < lo || v > hi) return `${LABEL[field]}: from ${num(lo)} to ${num(hi)}, not ${num(v)}`;
  return v;
}
