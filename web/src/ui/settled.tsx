// A problem with what someone is typing, read out once the typing pauses (or the box is left):
// an alert on every keystroke ("add needs a deadline…" after "a", "ad", "add") drowns the
// screen reader. The problem is still shown at once; only the spoken copy waits.
import { useEffect, useState } from 'react';

/** How long typing must pause before a problem is read out. */
export const SETTLE_MS = 1500;

/** `value`, once it has stayed the same for `ms` (or at once when `now`). */
export function useSettled<T>(value: T, ms: number, now: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (now) return setSettled(value);
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms, now]);
  return now ? value : settled;
}

/** A polite live region that reads `said` out once typing has paused; `left`: the box lost the focus (read it now). */
export function SettledStatus({ said, left }: { said: string; left: boolean }) {
  const spoken = useSettled(said, SETTLE_MS, left);
  return <p className="visually-hidden" role="status">{spoken}</p>;
}
