// Messages between the runner and a fork (a browser Worker or a Node worker thread).
import type { ForkResult, ForkSettings, IterationResult } from './fork';

export type ForkRequest = { type: 'run'; suite: string; rowId: string; settings: ForkSettings };

export type ForkReply =
  | { type: 'iteration'; result: IterationResult }
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
