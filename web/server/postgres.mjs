// A throwaway PostgreSQL server for the API tests and the class load test: Debian's `postgresql`
// package (which `npm test` installs through apt-get when it is root and the package is missing:
// toolchain.mjs ensurePostgres), initialised in a temporary folder, listening on a free loopback
// port, trusting local connections, and removed when stopped. Returns null with the reason when
// it cannot be had.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin folder, or null. */
export function binDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const freePort = () => new Promise((resolve, reject) => {
  const s = createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
    s.close(() => resolve(port));
  });
});

/** { url, stop(), halt(), resume() } for a fresh server, or { url: null, why } saying in one sentence why there is none. */
export async function startPostgres() {
  const root = process.getuid?.() === 0;
  const bin = binDir();
  if (!bin) {
    return { url: null, why: root ? "PostgreSQL is not installed, and Debian's postgresql package could not be (npm test installs it)" : 'PostgreSQL is not installed and only root may install it (apt-get install postgresql)' };
  }
  // initdb and postgres refuse to run as root: as root, they run as the package's postgres user.
  const dir = mkdtempSync(join(tmpdir(), 'hotpath-pg-'));
  const asUser = root ? (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : (cmd, args) => [cmd, args];
  if (root) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  const go = (cmd, args) => {
    const [c, a] = asUser(join(bin, cmd), args);
    return spawnSync(c, a, { encoding: 'utf8', cwd: tmpdir() });
  };
  const data = join(dir, 'data');
  const init = go('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { url: null, why: `initdb failed (${(init.stderr || init.stdout).trim().split('\n').at(-1)})` };
  }
  const port = await freePort();
  const start = () => go('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`, 'start']);
  const started = start();
  if (started.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { url: null, why: `PostgreSQL did not start (${(started.stderr || started.stdout).trim().split('\n').at(-1)})` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      go('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
    /**
     * Stops the server and keeps its data, as a restart begins: 'fast' ends every session
     * (a clean shutdown), 'immediate' is a crash (recovery runs at the next start). Says why not, or null.
     */
    halt(mode = 'fast') {
      const r = go('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      return r.status === 0 ? null : (r.stderr || r.stdout).trim();
    },
    /** Starts it again on the same data and port, as a restart ends. Says why not, or null. */
    resume() {
      const r = start();
      return r.status === 0 ? null : (r.stderr || r.stdout).trim();
    },
  };
}
