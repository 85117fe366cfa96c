import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { staged } from './staged';
import { onDemand } from './onDemand';

/** A widget that notes, as it mounts, how many widgets were still waiting. */
function logging(name: string, log: string[]) {
  return function Logged() {
    useEffect(() => {
      log.push(`${name} (${document.querySelectorAll('.widget-loading').length} waiting)`);
    }, []);
    return <p>{name}</p>;
  };
}

describe('staged widgets', () => {
  afterEach(cleanup);

  it('mount one per commit, in page order', async () => {
    const log: string[] = [];
    const [A, B, C] = ['A', 'B', 'C'].map((n) => staged(logging(n, log)));
    render(<><A /><B /><C /></>);
    // The first is shown as soon as the page has committed; the others wait their turn.
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    await waitFor(() => expect(log).toHaveLength(3));
    expect(log).toEqual(['A (2 waiting)', 'B (1 waiting)', 'C (0 waiting)']);
  });

  it('go on past a widget removed before its turn', async () => {
    const log: string[] = [];
    const [A, B, C] = ['A', 'B', 'C'].map((n) => staged(logging(n, log)));
    function Page() {
      const [withB, setWithB] = useState(true);
      useEffect(() => setWithB(false), []);
      return <><A />{withB && <B />}<C /></>;
    }
    render(<Page />);
    await waitFor(() => expect(log).toEqual(['A (1 waiting)', 'C (0 waiting)']));
    expect(screen.queryByText('B')).toBeNull();
  });

  it('wait for a widget fetched on demand before showing the ones below it', async () => {
    const log: string[] = [];
    let arrive: () => void = () => {};
    const fetched = new Promise<void>((r) => (arrive = r));
    const A = staged(onDemand('A', async () => {
      await fetched;
      return logging('A', log);
    }));
    const B = staged(logging('B', log));
    render(<><A /><B /></>);
    await new Promise((r) => setTimeout(r, 30));
    expect(log).toEqual([]); // B waits behind A's fetch, where Suspense would have let it pass
    arrive();
    await waitFor(() => expect(log).toHaveLength(2));
    expect(log).toEqual(['A (1 waiting)', 'B (0 waiting)']);
    expect(screen.queryByText(/Loading A/)).toBeNull();
  });
});
