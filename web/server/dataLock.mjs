// One class server per embedded-database folder. PGlite keeps no lock of its own, so two
// processes could open one folder, each seeing only its own writes, and whichever closed last
// would leave the other's acknowledged answers lost.
//
// The lock is the kernel's: an exclusive flock on a file inside the folder. It belongs to the
// file, not to a name, so a bind mount of the folder, a symlink, another network namespace or
// another container sharing the volume all meet the same lock (an earlier lock, an abstract
// socket named after the folder's path, missed all of those). The kernel drops it when the last
// descriptor on it closes, so a crash (SIGKILL included) never leaves a stale lock.
//
// Node has no flock of its own, so a small child holds it: util-linux's flock(1) takes the lock
// without waiting and then runs `cat` on a pipe from this process. When this process ends, however
// it ends, the pipe closes, cat sees its end and exits, and the lock goes with it. The child is in
// a process group of its own, so a Ctrl-C meant for the server does not free the folder while the
// server is still storing what it acknowledged.
//
// The holder writes who it is into the lock file; a process refused reads it, so its refusal
// names the holder (its pid as its own namespace sees it, its host, its address).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file inside the folder whose flock is the lock. */
export const LOCK_FILE = '.hotpath-lock';

/** flock(1)'s exit code when the lock is held elsewhere (`--conflict-exit-code`). */
const HELD = 75;

/** Thrown when another live process holds the folder; the message says which and what to do. */
export class DataDirInUse extends Error {
  constructor(dir, holder) {
    const here = holder && holder.host === hostname();
    const who = holder
      ? `${here ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host ?? 'another host'}`}${holder.url ? `, the class server at ${holder.url}` : ''}, since ${holder.since}`
      : 'another process (it has not said which yet)';
    // A pid is only worth naming to kill when it is this host's and not a container's init.
    const stop = holder && here && Number(holder.pid) > 1 ? ` (Ctrl-C in its terminal, or kill ${holder.pid})` : '';
    super(`The class data folder ${dir} is in use by ${who}. Two servers on one folder would each lose the other's answers: `
      + `stop that one first${stop}, or give this one another folder with --data.`);
    this.holder = holder;
  }
}

/** The folder as a message names it (made if missing: the lock file lives in it). */
function canonical(dir) {
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

/** Says once, in one sentence, what is missing when flock(1) is not installed. */
function requireFlock() {
  const probe = spawnSync('flock', ['--version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error('The class server locks its data folder with flock(1), which is not installed here: install util-linux '
      + '(Debian and Ubuntu have it; on macOS `brew install flock`), or use PostgreSQL (DATABASE_URL).');
  }
}

/** The holder's description as it wrote it into the lock file, or null when it has not yet. */
function readHolder(real) {
  try {
    const text = readFileSync(join(real, LOCK_FILE), 'utf8');
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Tries to take the folder's lock: resolves with the holding child, or with null when another
 * process holds it.
 */
function tryLock(real) {
  const child = spawn('flock', ['--exclusive', '--nonblock', '--conflict-exit-code', String(HELD), join(real, LOCK_FILE),
    'sh', '-c', 'echo held; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.once('data', () => resolve(child));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === HELD) resolve(null);
      else reject(new Error(`flock could not lock ${join(real, LOCK_FILE)} (exit ${code}): ${err.trim()}`));
    });
  });
}

/** Who holds `dir`, without taking it: null when nobody does. */
export async function holderOf(dir) {
  // A folder that is not there yet is held by nobody (and asking must not make it).
  if (!existsSync(dir)) return null;
  const real = canonical(dir);
  requireFlock();
  const child = await tryLock(real);
  if (!child) return readHolder(real) ?? { pid: '(unknown)', since: 'unknown' };
  await release(child);
  return null;
}

/** Ends the holding child and waits until the lock is gone. */
function release(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.stdin.end();
  });
}

/**
 * Takes `dir` for this process until `release()` (or exit, however it comes), or throws
 * DataDirInUse naming the live holder. `describe()` is what a refused process is told; `update()`
 * writes it again (once the server knows its address).
 */
export async function lockDataDir(dir, describe = () => ({})) {
  const made = !existsSync(dir);
  const real = canonical(dir);
  requireFlock();
  const child = await tryLock(real);
  if (!child) throw new DataDirInUse(real, readHolder(real));
  // Held: nothing here keeps the server's event loop alive.
  child.unref();
  for (const s of [child.stdin, child.stdout, child.stderr]) /** @type {any} */ (s).unref?.();
  const since = new Date().toISOString();
  const update = () => writeFileSync(join(real, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), since, ...describe() }));
  update();
  return {
    dir: real,
    update,
    /**
     * Lets the folder go; `forget`: the start failed, so a folder this start made is removed again,
     * with the empty database it may have made in it (a start that lost its port to another
     * program while loading had made one). A folder that was there before is left as it was.
     */
    release: async (forget = false) => {
      await release(child);
      if (forget && made) rmSync(real, { recursive: true, force: true });
    },
  };
}

/**
 * Throws unless `dir` can hold the class database: missing, empty, or one a class server made
 * (PostgreSQL's PG_VERSION is there). A folder of the user's own files is never initialised into,
 * as PostgreSQL's initdb refuses one.
 */
export function checkDataFolder(dir) {
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir).filter((e) => e !== LOCK_FILE);
  if (entries.length === 0 || entries.includes('PG_VERSION')) return;
  const shown = entries.slice(0, 3).map((e) => `“${e.length > 30 ? `${e.slice(0, 30)}…` : e}”`).join(', ');
  throw new Error(`The folder ${dir} has other files in it (${shown}${entries.length > 3 ? ` and ${entries.length - 3} more` : ''}) and is not a class database: `
    + 'give --data a new or empty folder, or one a class server made.');
}
