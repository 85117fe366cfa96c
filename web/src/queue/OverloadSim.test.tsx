// The overload panel's notes follow the settings as they stand, from the first render on: not
// the last run's (issue 48, item 11).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadWasm } from '../wasm/loader';
import { OverloadSim } from './OverloadSim';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

describe('the overload panel', () => {
  afterEach(cleanup);

  it('says what JCTools rounds this bound up to before any run, and follows each change', () => {
    const { container } = render(<OverloadSim queue="spsc" bound={30_000} />);
    const text = () => container.textContent ?? '';
    expect(text()).toContain('JCTools rounds the bound up to 32,768 slots.');
    fireEvent.change(screen.getByLabelText('Bound (packets)'), { target: { value: '60000' } });
    expect(text()).toContain('JCTools rounds the bound up to 65,536 slots.');
    expect(text()).toContain('The largest bound that fits is 32,768 packets.');
    fireEvent.change(screen.getByLabelText('Queue'), { target: { value: 'abq' } });
    expect(text()).not.toContain('JCTools rounds');
    expect(text()).toContain('Full, this queue holds 117.4 MiB, within the 128 MiB budget.');
  });
});
