// Messages between the page and the purgatory worker.
import type { EntrySample, SweepProgress } from './purgatorySweep';
import type { Case, Design, Point } from './saturation';

export type SweepRequest =
  | { type: 'sweep'; preset: 'quick' | 'full'; cases: Case[] }
  | { type: 'entries'; case: Case; rate: number };

export type SweepReply =
  | { type: 'point'; point: Point }
  | { type: 'progress'; progress: SweepProgress }
  | { type: 'entries'; design: Design; samples: EntrySample[] }
  | { type: 'done' }
  | { type: 'error'; message: string };
