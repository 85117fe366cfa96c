// A long run's progress (a benchmark row by row, a simulation point by point): shown as it
// changes, but read out to a screen reader at most every few seconds. A status that changes
// three hundred times in 44 s (it did) is a flood the listener cannot stop; every five seconds,
// and the last word at once when the run ends, is news.
//
// The words shown stay in the page for anyone reading it (not a live region: they change too
// often). A hidden live region beside them says the news, never what was there when the page
// opened (a committed run's note, read out after the reader's first click elsewhere, was noise).
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How often progress is read out, at most. */
export const SPOKEN_EVERY_MS = 5000;

/**
 * `children` shown, and their words read out in a polite live region at most every
 * `SPOKEN_EVERY_MS`; `settled`: the run is over (or not running), so its words are read at once.
 */
export function ProgressStatus({ children, className, settled }: { children: ReactNode; className?: string; settled: boolean }) {
  const shown = useRef<HTMLDivElement>(null);
  const [spoken, setSpoken] = useState('');
  const lastSpoken = useRef(0);
  const opening = useRef<string | null>(null);
  const said = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // After every render: the words as they now stand.
  useEffect(() => {
    const text = () => shown.current?.textContent ?? '';
    // What the page opened with is there to read, not news.
    if (opening.current === null) {
      opening.current = text();
      said.current = opening.current;
      return;
    }
    const say = () => {
      const t = text();
      if (t === said.current) return;
      said.current = t;
      lastSpoken.current = Date.now();
      setSpoken(t);
    };
    clearTimeout(timer.current);
    const wait = lastSpoken.current + SPOKEN_EVERY_MS - Date.now();
    if (settled || wait <= 0) say();
    else timer.current = setTimeout(say, wait);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <div className={className} ref={shown}>{children}</div>
      <div className="visually-hidden" role="status">{spoken}</div>
    </>
  );
}
