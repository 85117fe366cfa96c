import { describe, expect, it } from 'vitest';
import { exclusive } from './exclusive';

describe('one benchmark at a time', () => {
  it('starts a second run only when the first has finished, and says it waits', async () => {
    const log: string[] = [];
    let release!: () => void;
    const first = exclusive(() => new Promise<void>((r) => {
      log.push('first starts');
      release = () => {
        log.push('first ends');
        r();
      };
    }));
    let waited = false;
    const second = exclusive(async () => {
      log.push('second starts');
    }, () => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(true);
    expect(log).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('a failing run does not block the next', async () => {
    await expect(exclusive(async () => {
      throw new Error('boom');
    })).rejects.toThrow('boom');
    await expect(exclusive(async () => 7)).resolves.toBe(7);
  });
});
