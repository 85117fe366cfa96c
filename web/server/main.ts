// The class server's process: loads the wasm (the same Rust structures the browser runs), opens
// the database (migrating it), serves the site and the API, and closes cleanly on SIGINT or
// SIGTERM. `npm run class` builds what it needs and runs this; tests and the load test start it
// directly from its bundle.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { loadWasm } from '../src/wasm/loader';
import { generate, lessonsWithExercises } from '../src/exercises/exercises';
import { setCache } from '../src/classroom/regrade';
import { buildApp, type AppOptions } from './app';
import { openDb } from './db';
import { checkDataFolder, lockDataDir } from './dataLock.mjs';
import { checkPort } from './port.mjs';

export interface ServerOptions {
  /** The wasm module's bytes' path (web/src/wasm/pkg/hotpath_wasm_bg.wasm). */
  wasm: string;
  site?: string;
  base?: string;
  host?: string;
  port?: number;
  /** The embedded database's folder (ignored with a database URL). */
  data?: string;
  databaseUrl?: string;
  trustProxy?: number | string[];
  limits?: AppOptions['limits'];
}

export async function startServer(o: ServerOptions) {
  const host = o.host ?? '127.0.0.1';
  const port = o.port ?? 8080;
  // The cheap checks come first: a second server on the same folder or port stops at once, not
  // after the wasm and the database have loaded (which takes a minute on a first start).
  // The port first: a start refused for it leaves no data folder behind.
  let url: string | undefined;
  if (!o.databaseUrl && o.data) checkDataFolder(o.data);
  await checkPort(host, port);
  const lock = o.databaseUrl || !o.data ? undefined : await lockDataDir(o.data, () => ({ url }));
  try {
    await loadWasm(readFileSync(o.wasm));
    const db = await openDb({ url: o.databaseUrl, dir: lock?.dir });
    const app = await buildApp({
      db, sets: setCache(generate), lessons: lessonsWithExercises(), siteDir: o.site && resolve(o.site), base: o.base, trustProxy: o.trustProxy, limits: o.limits,
      timings: process.env.HOTPATH_CLASS_TIMINGS === '1',
    });
    const address = await app.listen({ host, port }).catch(async (e: NodeJS.ErrnoException) => {
      await db.close();
      // Free when asked, taken while the server loaded (another start, another program).
      throw e.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} was taken while the server loaded (another class server, or another program): stop it, or pass --port with a free one.`) : e;
    });
    url = `${address.replace('[::1]', 'localhost')}${o.base ?? '/'}`;
    lock?.update();
    /**
     * Stops taking requests, lets those under way finish for `graceMs`, then cuts what is left (a
     * client that sends half a request and waits would otherwise hold the stop for minutes).
     * What was acknowledged is stored already: an answer is acknowledged after its commit.
     */
    const close = async (graceMs = 5000) => {
      const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await db.close();
      await lock?.release();
    };
    return { url, db, close };
  } catch (e) {
    await lock?.release(true);
    throw e;
  }
}

/** `--trust-proxy 1` (hops) or `--trust-proxy 10.0.0.5,10.1.0.0/16` (the proxies' addresses). */
export function trustedProxies(value: string): number | string[] {
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const list = value.split(',').map((v) => v.trim());
  if (list.every((v) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(v) && (isIP(v.split('/')[0]) !== 0))) return list;
  throw new Error(`--trust-proxy takes the number of proxies in front of the server (1–10) or their addresses (10.0.0.5,10.1.0.0/16), not “${value.slice(0, 40)}”: `
    + 'trusting every X-Forwarded-For would let any client name any address.');
}

/** `--name value` pairs, each known and given once. */
function args(argv: string[]): Record<string, string> {
  const known = ['--site', '--base', '--host', '--port', '--data', '--wasm', '--trust-proxy', '--limits'];
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (!known.includes(k)) throw new Error(`Unknown option ${k}; known: ${known.join(', ')}.`);
    if (v === undefined) throw new Error(`${k} needs a value.`);
    if (k.slice(2) in out) throw new Error(`${k} is given twice.`);
    out[k.slice(2)] = v;
  }
  return out;
}

export async function main(argv: string[]): Promise<void> {
  const a = args(argv);
  const port = Number(a.port ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (0 for any free one), not “${a.port}”.`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const server = await startServer({
    wasm: a.wasm, site: a.site, base: a.base, host: a.host ?? process.env.HOST, port, data: a.data, databaseUrl,
    trustProxy: a['trust-proxy'] === undefined ? undefined : trustedProxies(a['trust-proxy']), limits: a.limits ? JSON.parse(a.limits) : undefined,
  });
  const where = server.db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${server.db.dir}`;
  console.log(`Class server listening on ${server.url} with ${where}.`);
  console.log(`Create a class at ${server.url}class. Stop with Ctrl-C.`);
  let closing = false;
  const stop = () => {
    if (closing) {
      console.log('Stopped at once (a second Ctrl-C): every answer acknowledged was already stored.');
      process.exit(130);
    }
    closing = true;
    console.log('Stopping: closing the live views and the database, and requests still arriving after 5 s (Ctrl-C again to stop at once) …');
    server.close().then(() => process.exit(0), (e) => {
      console.error(e);
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
