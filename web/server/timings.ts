// Where an instance's time goes, for the load test (`npm run bench -- class`): each phase of an
// answer's way through the server adds its milliseconds here (the HTTP request as a whole, the
// wait in the answer queue, the transaction's read, grading, write and commit, the card, a live
// update's query and fan-out), and `GET api/timings` reads them when the server was started with
// HOTPATH_CLASS_TIMINGS=1. Adding is a few additions, so it is always on.

import { performance } from 'node:perf_hooks';

interface Phase {
  count: number;
  total: number;
  max: number;
}


class Timings {
  private phases = new Map<string, Phase>();
  private cpu = process.cpuUsage();
  private loop = performance.eventLoopUtilization();

  add(name: string, ms: number) {
    const p = this.phases.get(name) ?? { count: 0, total: 0, max: 0 };
    p.count++;
    p.total += ms;
    p.max = Math.max(p.max, ms);
    this.phases.set(name, p);
  }

  /**
   * Per phase: how often, the total and mean milliseconds, the longest; and since the last reset,
   * the process's CPU time ("cpu", ms) and how busy its event loop was ("event loop busy", a share).
   */
  read(): Record<string, { count: number; totalMs: number; meanMs: number; maxMs: number }> {
    const cpu = process.cpuUsage(this.cpu);
    const busy = performance.eventLoopUtilization(this.loop).utilization;
    const one = (ms: number) => ({ count: 1, totalMs: ms, meanMs: ms, maxMs: ms });
    return {
      ...Object.fromEntries([...this.phases].map(([k, p]) => [k, { count: p.count, totalMs: p.total, meanMs: p.total / p.count, maxMs: p.max }])),
      cpu: one((cpu.user + cpu.system) / 1000),
      'event loop busy': one(busy),
    };
  }

  reset() {
    this.phases.clear();
    this.cpu = process.cpuUsage();
    this.loop = performance.eventLoopUtilization();
  }
}

export const timings = new Timings();
