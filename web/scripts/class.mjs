// `npm run class [-- --port N] [--host H] [--data DIR] [--no-build]`: the class server. Builds the
// site and the server (unless --no-build and both are there), then serves both, with the
// embedded database in class-data/ (or DIR), or PostgreSQL when DATABASE_URL is set.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SetupError, main, step } from './toolchain.mjs';
import { buildSite } from './site.mjs';
import { DEFAULT_DATA, SERVER_BUNDLE, WASM_FILE, bundleServer } from './class-server.mjs';
import { DataDirInUse, checkDataFolder, holderOf } from '../server/dataLock.mjs';
import { checkPort } from '../server/port.mjs';

const USAGE = 'usage: npm run class -- [--port N] [--host ADDRESS] [--data DIR] [--trust-proxy HOPS|ADDRESSES] [--no-build]';

main(async () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) return console.log(USAGE);
  const noBuild = argv.includes('--no-build');
  const rest = argv.filter((a) => a !== '--no-build');
  const opts = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [k, v] = [rest[i], rest[i + 1]];
    if (!['--port', '--host', '--data', '--trust-proxy'].includes(k)) throw new SetupError(`Unknown option ${k}. ${USAGE}`);
    if (!v || v.startsWith('--')) throw new SetupError(`${k} needs a value. ${USAGE}`);
    opts[k.slice(2)] = v;
  }
  const site = join(ROOT, 'dist');
  const base = process.env.HOTPATH_BASE ?? '/';
  const data = resolve(opts.data ?? process.env.HOTPATH_CLASS_DATA ?? DEFAULT_DATA);
  // Refused before any building: a port in use, or a folder another server holds. (The server
  // takes the folder's lock itself when it starts; this only makes the refusal immediate.) The
  // port comes first, so a start it refuses makes no data folder.
  try {
    await checkPort(opts.host ?? process.env.HOST ?? '127.0.0.1', Number(opts.port ?? process.env.PORT ?? 8080));
  } catch (e) {
    throw new SetupError(e.message);
  }
  if (!process.env.DATABASE_URL) {
    try {
      checkDataFolder(data);
      const holder = await holderOf(data);
      if (holder) throw new DataDirInUse(data, holder);
    } catch (e) {
      throw new SetupError(e.message);
    }
  }
  if (!noBuild || !existsSync(SERVER_BUNDLE) || !existsSync(join(site, 'index.html'))) {
    await buildSite(base, site);
    step('Bundling the class server …');
    await bundleServer();
  }
  if (!process.env.DATABASE_URL) step(`Opening the embedded database in ${data} (the first start creates it: up to a minute) …`);
  const { main: serve } = await import(pathToFileURL(SERVER_BUNDLE).href);
  try {
    await serve(['--site', site, '--base', base, '--wasm', WASM_FILE, '--data', data,
      ...(opts.port ? ['--port', opts.port] : []), ...(opts.host ? ['--host', opts.host] : []),
      ...(opts['trust-proxy'] ? ['--trust-proxy', opts['trust-proxy']] : [])]);
  } catch (e) {
    throw new SetupError(e.message);
  }
});
