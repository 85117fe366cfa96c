// Site data may be blocked (Chrome's "don't allow sites to save data", Firefox with cookies off):
// then merely reading `window.localStorage` throws. It may also be full: then reads work and only
// writes fail. Everything that remembers something asks here, reads whatever it can, and says
// which of the two it is when a write fails.

/** Whether the site's storage takes writes now: `full` still reads, `blocked` neither reads nor writes. */
export type StorageState = 'ok' | 'full' | 'blocked';

/** The page's localStorage if this browser lets the site read it, else null. Never throws, never writes. */
export function siteStorage(): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return window.localStorage ?? null; // the read itself throws a SecurityError when blocked
  } catch {
    return null;
  }
}

/** Why a write failed: a quota error means full (reads still work); anything else, blocked. */
function failure(e: unknown): StorageState {
  const name = (e as { name?: string })?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' ? 'full' : 'blocked';
}

/** Whether a write would be taken now (a one-byte probe, removed at once). */
export function storageState(): StorageState {
  const s = siteStorage();
  if (!s) return 'blocked';
  try {
    s.setItem('hotpath-probe', '1');
    s.removeItem('hotpath-probe');
    return 'ok';
  } catch (e) {
    return failure(e);
  }
}

/** Reads a key; null when absent or when storage is blocked. Works when storage is full. */
export function readItem(key: string): string | null {
  try {
    return siteStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a key; says whether the browser took it. */
export function writeItem(key: string, value: string | null): StorageState {
  return writeTo(siteStorage(), key, value);
}

/** The same, into a given storage (tests give a fake one). */
export function writeTo(s: Storage | null | undefined, key: string, value: string | null): StorageState {
  if (!s) return 'blocked';
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
    return 'ok';
  } catch (e) {
    return failure(e);
  }
}
