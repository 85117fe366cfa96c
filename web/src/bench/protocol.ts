// Messages between the runner and a fork (a browser Worker or a Node worker thread). A fork is
// told which wasm kernel to build, so it needs no suite definitions of its own. The runner opens
// a fork (calibration and warmup), asks for one measurement iteration at a time, so it can
// interleave the forks of rows that are compared, then closes it.
import type { ForkResult, ForkSettings, IterationResult } from './fork';
import type { KernelSpec } from './suites';

export type ForkRequest =
  | { type: 'open'; kernel: KernelSpec; settings: ForkSettings }
  | { type: 'measure'; index: number }
  | { type: 'close' };

export type ForkReply =
  | { type: 'iteration'; result: IterationResult }
  | { type: 'ready'; batch: number; resolutionMs: number }
  | { type: 'done'; result: ForkResult }
  | { type: 'error'; message: string };

/** One fork: a fresh worker with a fresh wasm instance. */
export interface ForkChannel {
  send(msg: ForkRequest): void;
  onMessage(cb: (msg: ForkReply) => void): void;
  /** Stops the fork at once, whatever it is doing. */
  terminate(): void;
}

export interface ForkHost {
  spawn(): ForkChannel;
}
