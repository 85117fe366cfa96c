// The planner's refusals as data: wasm throws a `ScriptFault` (which command or setting, whether
// the script is only too big to draw, and the sentence to show), never a message to re-read.
import { ScriptFault } from '../wasm/pkg/hotpath_wasm.js';
import type { Fault } from './parse';

/** The fault wasm threw, copied out (and the wasm object freed), or null if `e` is not one. */
export function faultOf(e: unknown): Fault | null {
  if (!(e instanceof ScriptFault)) return null;
  try {
    const { command, setting } = e;
    return { text: e.text, overLimit: e.overLimit, ...(command !== undefined ? { command } : {}), ...(setting !== undefined ? { setting } : {}) };
  } finally {
    e.free();
  }
}

/** A fault carried through a promise (the counting worker's), still as data. */
export class FaultError extends Error {
  constructor(readonly fault: Fault) {
    super(fault.text);
    this.name = 'FaultError';
  }
}
