// A page that cannot run the threaded race (not cross-origin isolated: no SharedArrayBuffer) says
// why and shows the committed run, labelled as not live, with the code it measured checked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThreadedBench } from './ThreadedBench';
import { committedThreadRun, threadRunIsCurrent } from './committed';
import { threadSets } from './harness';
import '../catalog/threadSets';
import DIGESTS from 'virtual:kernel-digests';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the threaded race where it cannot run', () => {
  it('says why and shows each set’s committed run, row by row, as not live', async () => {
    vi.stubGlobal('crossOriginIsolated', false);
    for (const set of threadSets()) {
      const committed = await committedThreadRun(set);
      if (!committed) continue;
      render(<ThreadedBench set={set} />);
      expect(screen.getByRole('note').textContent).toMatch(/not cross-origin isolated/);
      expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
      const table = await screen.findByRole('table', { name: 'threaded throughput, committed run' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(committed.rows.map((r) => r.row.title));
      expect(committed.rows.length).toBe(set.rows.length);
      expect(screen.getByText(/The committed run, not live/).textContent).toContain(committed.run.machine);
      // The stale note is there exactly when the sources changed since the run was saved.
      expect(screen.queryByText(/The code has changed since this run was saved/) !== null).toBe(!threadRunIsCurrent(committed.run));
      cleanup();
    }
  });

  it('holds a run to the sources it measured', () => {
    const run = { cli: 'queue-threads', code: { digest: DIGESTS['queue-threads'] } };
    expect(threadRunIsCurrent(run)).toBe(true);
    expect(threadRunIsCurrent({ ...run, code: { digest: '0000000000000000' } })).toBe(false);
    expect(DIGESTS['queue-threads']).not.toBe(DIGESTS['udp-queue']);
  });
});
