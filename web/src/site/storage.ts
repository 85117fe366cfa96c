// Site data may be blocked (Chrome's "don't allow sites to save data", Firefox with cookies off):
// then merely reading `window.localStorage` throws. Everything that remembers something asks here
// and carries on without memory when the answer is null.

/** The page's localStorage if this browser lets the site use it, else null. Never throws. */
export function siteStorage(): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    const s = window.localStorage; // the read itself throws a SecurityError when blocked
    if (!s) return null;
    const probe = 'hotpath-probe';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/** Reads a key; null when absent or when storage is blocked. */
export function readItem(key: string): string | null {
  try {
    return siteStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a key; returns false when the browser refused. */
export function writeItem(key: string, value: string | null): boolean {
  const s = siteStorage();
  if (!s) return false;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
    return true;
  } catch {
    return false; // quota exceeded, or blocked between the probe and now
  }
}
