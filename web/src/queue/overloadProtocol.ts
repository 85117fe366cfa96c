// Messages between the page and the overload simulation's worker.
import type { OverloadConfig, OverloadSample } from './overload';

export type OverloadRequest =
  | { type: 'start'; config: OverloadConfig; durationMs: number }
  | { type: 'rates'; arrivalRate: number; serviceRate: number };

export type OverloadReply =
  | { type: 'started'; capacity: number }
  | { type: 'samples'; samples: OverloadSample[]; simulatedMs: number; wallMs: number }
  /** `oomAtMs`: the run stopped because the memory budget ran out. */
  | { type: 'done'; oomAtMs: number | null }
  | { type: 'error'; message: string };
