// Which mode the site runs in: a static site (progress stays in each browser, exported as files)
// or served by the class server (`npm run class`), which answers `api/status`. Asked once per
// page; a static host answers that path with its 404 page, or not at all.
import { useEffect, useState } from 'react';

export type ServerMode = { mode: 'checking' } | { mode: 'static' } | { mode: 'server'; version: number };

/** Where the class server's API is: beside the site, under the same base path. */
export const API = `${import.meta.env.BASE_URL}api/`;

let asked: Promise<ServerMode> | null = null;

export function serverMode(): Promise<ServerMode> {
  asked ??= (async (): Promise<ServerMode> => {
    try {
      const r = await fetch(`${API}status`, { headers: { accept: 'application/json' } });
      const body = r.ok && r.headers.get('content-type')?.startsWith('application/json') ? await r.json() as { server?: unknown; version?: unknown } : null;
      return body?.server === 'hotpath-class' && typeof body.version === 'number' ? { mode: 'server', version: body.version } : { mode: 'static' };
    } catch {
      return { mode: 'static' };
    }
  })();
  return asked;
}

export function useServerMode(): ServerMode {
  const [mode, setMode] = useState<ServerMode>({ mode: 'checking' });
  useEffect(() => {
    let live = true;
    void serverMode().then((m) => live && setMode(m));
    return () => {
      live = false;
    };
  }, []);
  return mode;
}
