// Following a class live: the live feed is opened first, then the class is read once; each
// change the feed sends is added to what was read (changes sent while it was being read wait,
// and what the read already had is dropped by id). A `reload` (a student removed, the class
// edited), a dropped feed or a server restart reads the class again.
import { useEffect, useState } from 'react';
import { ApiFailure, api, followEvents } from './client';

/** `paused`: the server lost its database's change feed, so the page cannot follow the class until it is back. */
/** A refusal of the key itself: retrying will not help. */
const refused = (e: unknown) => e instanceof ApiFailure && (e.status === 401 || e.status === 403);

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'paused';

export function useLive<S, T>(classId: string, token: string | undefined, o: {
  /** What the page reads whole (a path under api/) … */
  snapshot: string;
  /** … and what it holds of it. */
  from: (read: S) => T;
  /** Which feed: the teacher's (rows of answers) or the projector's (rows of verdicts). */
  view: 'teacher' | 'board';
  /** A change added to what the page holds. */
  apply: (state: T, event: string, data: string) => T;
}): { state: T | null; live: LiveState; updated: Date | null; problem: string | null } {
  const [state, setState] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [updated, setUpdated] = useState<Date | null>(null);
  const { snapshot, view, from, apply } = o;

  useEffect(() => {
    if (!token) return undefined;
    const ctl = new AbortController();
    let held: T | null = null;
    let waiting: [string, string][] = [];
    let reading = false;
    let again = false;
    const forget = () => {
      held = null;
      setState(null);
    };
    const show = (s: T) => {
      held = s;
      setState(s);
      setUpdated(new Date());
    };
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const whole = from(await api<S>(snapshot, { token, signal: ctl.signal }));
        const queued = waiting;
        waiting = [];
        show(queued.reduce<T>((s, [event, data]) => apply(s, event, data), whole));
        setProblem(null);
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        setProblem((e as Error).message);
        // The key no longer opens the class (a projector link revoked, the class deleted): what
        // the page shows goes, and the sentence says why.
        if (refused(e)) forget();
      } finally {
        reading = false;
        if (again) {
          again = false;
          void read();
        }
      }
    };
    let paused = false;
    const heard = (event: string, data: string) => {
      if (event === 'paused') {
        paused = true;
        return setLive('paused');
      }
      if (event === 'reload') return void read();
      if (reading || !held) waiting.push([event, data]);
      else show(apply(held, event, data));
    };
    // Follow the live feed, reconnecting after a drop (a server restart, say), and read the class
    // each time it opens: what arrived while it was down is in the read.
    void (async () => {
      while (!ctl.signal.aborted) {
        try {
          await followEvents(`classes/${encodeURIComponent(classId)}/events?view=${view}`, token, ctl.signal, heard, () => {
            setLive('live');
            void read();
          });
        } catch (e) {
          if ((e as Error).name === 'AbortError') return;
          if (refused(e)) {
            forget();
            return setProblem((e as ApiFailure).message);
          }
          paused = (e as ApiFailure).status === 503;
        }
        if (ctl.signal.aborted) return;
        setLive(paused ? 'paused' : 'reconnecting');
        paused = false;
        // The feed refused (the server's database feed is down, say): the page still shows the class.
        if (!held) void read();
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();
    return () => ctl.abort();
  }, [classId, token, snapshot, view, from, apply]);

  return { state, live, updated, problem };
}
