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

/** A lock manager as the browser's (navigator.locks): FIFO, `ifAvailable`, `signal`; one per origin. */
function fakeLocks() {
  let held = false;
  const queue: { grant: () => void; signal?: AbortSignal }[] = [];
  const release = () => {
    held = false;
    const next = queue.shift();
    if (next) next.grant();
  };
  return {
    request<T>(_name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
      const run = async (lock: unknown) => {
        if (lock) held = true;
        try {
          return await callback(lock);
        } finally {
          if (lock) release();
        }
      };
      if (!held) return run({});
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return new Promise<T>((resolve, reject) => {
        const entry = { grant: () => void run({}).then(resolve, reject), signal: options.signal };
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
        queue.push(entry);
      });
    },
  };
}

describe('one benchmark at a time across the frames of an origin (Web Locks)', () => {
  it('a run in another frame holds the lock: this one says it waits, then starts when that one ends', async () => {
    const locks = fakeLocks();
    const log: string[] = [];
    let release!: () => void;
    // "Another frame": a second caller of the same lock manager.
    const other = exclusive(() => new Promise<void>((r) => {
      log.push('other starts');
      release = () => {
        log.push('other ends');
        r();
      };
    }), () => log.push('other waits'), { locks });
    await Promise.resolve();
    const mine = exclusive(async () => {
      log.push('mine starts');
    }, () => log.push('mine waits'), { locks });
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['other starts', 'mine waits']);
    release();
    await Promise.all([other, mine]);
    expect(log).toEqual(['other starts', 'mine waits', 'other ends', 'mine starts']);
  });

  it('a wait given up (Cancel) never runs its task', async () => {
    const locks = fakeLocks();
    let release!: () => void;
    const first = exclusive(() => new Promise<void>((r) => {
      release = r;
    }), undefined, { locks });
    await Promise.resolve();
    const c = new AbortController();
    let ran = false;
    const second = exclusive(async () => {
      ran = true;
    }, undefined, { locks, signal: c.signal });
    await new Promise((r) => setTimeout(r, 0));
    c.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await first;
    expect(ran).toBe(false);
  });
});
