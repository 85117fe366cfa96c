// The step player's model: the frame after step k is the initial frame with the writes of
// steps 0 … k − 1 applied. Checkpoints every `every` steps (made as they are first reached)
// keep any jump, forward or back, to at most `every` steps of writes. The fields' meaning is
// the family's business; replaying is the same for all.
import { STEP_WIDTH, type Trace } from './trace';

export class FrameReplay {
  private readonly checkpoints: Int32Array[];
  private last: { k: number; frame: Int32Array };

  constructor(readonly trace: Pick<Trace, 'initial' | 'steps' | 'writes' | 'length'>, readonly every = 64) {
    if (!Number.isInteger(every) || every < 1) throw new RangeError('checkpoint spacing must be a positive integer');
    this.checkpoints = [trace.initial];
    this.last = { k: 0, frame: trace.initial };
  }

  get length(): number {
    return this.trace.length;
  }

  /** Where step k's writes start in `writes`; the end of all writes for k = length. */
  private writesAt(k: number): number {
    return k >= this.trace.length ? this.trace.writes.length : this.trace.steps[k * STEP_WIDTH + 5];
  }

  private run(from: Int32Array, a: number, b: number): Int32Array {
    const f = from.slice();
    const w = this.trace.writes;
    for (let i = this.writesAt(a), end = this.writesAt(b); i < end; i += 2) f[w[i]] = w[i + 1];
    return f;
  }

  /** The frame after the first `k` steps, 0 ≤ k ≤ length. Do not modify it. */
  frameAt(k: number): Int32Array {
    if (!Number.isInteger(k) || k < 0 || k > this.length) {
      throw new RangeError(`step ${k} is outside 0…${this.length}`);
    }
    if (k === this.last.k) return this.last.frame;
    let from: { k: number; frame: Int32Array };
    if (k > this.last.k && k - this.last.k < this.every) {
      from = this.last; // the common case: playing forward
    } else {
      const j = Math.floor(k / this.every);
      while (this.checkpoints.length <= j) {
        const c = this.checkpoints.length - 1;
        this.checkpoints.push(this.run(this.checkpoints[c], c * this.every, (c + 1) * this.every));
      }
      from = { k: j * this.every, frame: this.checkpoints[j] };
    }
    const frame = from.k === k ? from.frame : this.run(from.frame, from.k, k);
    this.last = { k, frame };
    return frame;
  }
}
