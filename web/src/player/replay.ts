// The step player's model: a trace is an initial state plus steps, and `apply` is a pure
// function from (state, step) to the next state. State at step k is recomputed from the nearest
// checkpoint (one every `every` steps, made as they are first reached), so stepping back is
// exact and costs at most `every` applications.

export interface Trace<S, E> {
  initial: S;
  steps: readonly E[];
  apply: (state: S, step: E) => S;
}

export class Replay<S, E> {
  private readonly checkpoints: S[];
  private last: { k: number; state: S };

  constructor(readonly trace: Trace<S, E>, readonly every = 64) {
    if (!Number.isInteger(every) || every < 1) throw new RangeError('checkpoint spacing must be a positive integer');
    this.checkpoints = [trace.initial];
    this.last = { k: 0, state: trace.initial };
  }

  get length(): number {
    return this.trace.steps.length;
  }

  /** The state after the first `k` steps, 0 ≤ k ≤ length. */
  stateAt(k: number): S {
    if (!Number.isInteger(k) || k < 0 || k > this.length) {
      throw new RangeError(`step ${k} is outside 0…${this.length}`);
    }
    let from: { k: number; state: S };
    if (k >= this.last.k && k - this.last.k < this.every) {
      from = this.last; // the common case: playing forward
    } else {
      const j = Math.floor(k / this.every);
      while (this.checkpoints.length <= j) {
        const c = this.checkpoints.length - 1;
        this.checkpoints.push(this.run(this.checkpoints[c], c * this.every, (c + 1) * this.every));
      }
      from = { k: j * this.every, state: this.checkpoints[j] };
    }
    const state = this.run(from.state, from.k, k);
    this.last = { k, state };
    return state;
  }

  private run(state: S, from: number, to: number): S {
    const { steps, apply } = this.trace;
    for (let i = from; i < to; i++) state = apply(state, steps[i]);
    return state;
  }
}
