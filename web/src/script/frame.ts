// Reading a frame by field name, as the family's schema lays it out.
import type { FamilySchema } from './schema';
import { FrameReplay } from './replay';
import type { Trace } from './trace';

export type Counts = Record<string, number>;

/** A frame, read by field name; a family's own frames name their fields (`Frame<Field>`, schema.gen.ts), so a misspelt one fails the type check. */
export class Frame<F extends string = string> {
  private readonly at: Map<string, number>;

  constructor(readonly schema: FamilySchema, readonly data: Int32Array) {
    this.at = new Map(schema.fields.map((f) => [f.name, f.offset]));
  }

  private offset(name: string): number {
    const o = this.at.get(name);
    if (o === undefined) throw new Error(`${this.schema.family} frames have no field "${name}"`);
    return o;
  }

  get(name: F, i = 0): number {
    return this.data[this.offset(name) + i];
  }

  /** The first `n` values of an array field. */
  list(name: F, n: number): number[] {
    const o = this.offset(name);
    return Array.from(this.data.subarray(o, o + n));
  }

  /** The counters, by event kind name: this operation's ('last') or the total. */
  counts(which: 'last' | 'total'): Counts {
    const o = this.offset(which);
    return Object.fromEntries(this.schema.kinds.map((k, i) => [k.name, this.data[o + i]]));
  }
}

/** The frame after the first `k` steps of a trace (replayed from the start: for one-off reads). */
export function frameAt(t: Trace, k: number): Frame {
  return new Frame(t.schema, new FrameReplay(t).frameAt(k));
}
