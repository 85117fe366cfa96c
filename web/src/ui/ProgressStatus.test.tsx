// A run's progress is news at most every few seconds: ten updates a second are shown at once,
// and read out (the live region's text) no more than once per SPOKEN_EVERY_MS, the last word at
// once when the run settles; what the page opened with is not news.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { ProgressStatus, SPOKEN_EVERY_MS } from './ProgressStatus';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a run’s progress', () => {
  it('is read out at most every few seconds, and its end at once', () => {
    vi.useFakeTimers();
    const view = (text: string, settled: boolean) => <ProgressStatus className="shown" settled={settled}>{text}</ProgressStatus>;
    const { container, rerender } = render(view('Not live: the committed run.', true));
    const region = () => container.querySelector('[role="status"]')!.textContent;
    // What the region said, read after every step (a change is what a screen reader hears).
    const heard: string[] = [];
    const listen = () => {
      const now = region();
      if (now && now !== heard[heard.length - 1]) heard.push(now);
    };
    // The page opened with the committed run's note: shown, not announced.
    expect(container.querySelector('.shown')!.textContent).toBe('Not live: the committed run.');
    expect(region()).toBe('');
    // 30 s of updates, ten a second.
    for (let i = 0; i < 300; i++) {
      rerender(view(`Row ${i}`, false));
      listen();
      act(() => vi.advanceTimersByTime(100));
      listen();
    }
    const spokenWhileRunning = heard.length;
    expect(container.querySelector('.shown')!.textContent).toBe('Row 299');
    expect(spokenWhileRunning).toBeGreaterThanOrEqual(5);
    expect(spokenWhileRunning).toBeLessThanOrEqual(Math.ceil(30_000 / SPOKEN_EVERY_MS) + 1);
    // Finished: said at once.
    rerender(view('Finished in 30.0 s: 16 rows measured.', true));
    act(() => vi.advanceTimersByTime(0));
    expect(region()).toBe('Finished in 30.0 s: 16 rows measured.');
  });
});
