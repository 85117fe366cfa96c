// One class server per embedded-database folder. PGlite keeps no lock of its own, so two
// processes could open one folder, each seeing only its own writes, and whichever closed last
// would leave the other's acknowledged answers lost. The holder listens on a local socket named
// after the folder; the kernel frees that socket the moment the process dies (SIGKILL included),
// so a crash never leaves a stale lock, and binding it is atomic, so two starts cannot both win.
// On Linux the socket is in the abstract namespace (no file at all); elsewhere it is a socket
// file in the folder (a Windows named pipe on Windows), and a socket file that nobody answers is
// the remains of a dead holder and is replaced. A second process asks the holder who it is, so
// its refusal names the process and its address.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

/** Thrown when another live process holds the folder; the message says which and what to do. */
export class DataDirInUse extends Error {
  constructor(dir, holder) {
    const who = holder
      ? `process ${holder.pid}${holder.url ? `, the class server at ${holder.url}` : ''}, since ${holder.since}`
      : 'another process';
    super(`The class data folder ${dir} is in use by ${who}. Two servers on one folder would each lose the other's answers: `
      + `stop that one first${holder ? ` (Ctrl-C in its terminal, or kill ${holder.pid})` : ''}, or give this one another folder with --data.`);
    this.holder = holder;
  }
}

function socketPath(dir) {
  const id = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0hotpath-class-data-${id}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\hotpath-class-data-${id}`;
  return join(dir, '.hotpath-lock.sock');
}

/** The folder as the lock names it: the same folder under any spelling (a symlink, `..`) is one lock. */
function canonical(dir) {
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

/** The live holder's description, or null when no process answers on the folder's socket. */
function ask(path) {
  return new Promise((resolve) => {
    const socket = connect(path);
    let text = '';
    const done = (v) => {
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(1500, () => done({ pid: '(not answering)', since: 'unknown' }));
    socket.on('data', (d) => (text += d));
    socket.on('end', () => {
      try {
        done(JSON.parse(text));
      } catch {
        done({ pid: '(unknown)', since: 'unknown' });
      }
    });
    socket.on('error', () => done(null));
  });
}

/** Who holds `dir`, without taking it: null when nobody does. */
export async function holderOf(dir) {
  return ask(socketPath(canonical(dir)));
}

/**
 * Takes `dir` for this process until `release()` (or exit, however it comes), or throws
 * DataDirInUse naming the live holder. `describe()` is what a second process is told.
 */
export async function lockDataDir(dir, describe = () => ({})) {
  const real = canonical(dir);
  const path = socketPath(real);
  const since = new Date().toISOString();
  const server = createServer((socket) => {
    socket.end(JSON.stringify({ pid: process.pid, since, ...describe() }));
  });
  server.unref();
  const listen = () => new Promise(/** @param {(v?: void) => void} resolve */ (resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  try {
    await listen();
  } catch (e) {
    if (e.code !== 'EADDRINUSE') throw e;
    const holder = await ask(path);
    if (holder) throw new DataDirInUse(real, holder);
    // A socket file that nobody answers (not Linux): its holder died. Take its place.
    rmSync(path, { force: true });
    try {
      await listen();
    } catch (again) {
      if (again.code === 'EADDRINUSE') throw new DataDirInUse(real, await ask(path));
      throw again;
    }
  }
  return {
    dir: real,
    release: () => new Promise(/** @param {(v?: void) => void} resolve */ (resolve) => server.close(() => resolve())),
  };
}

/**
 * Throws unless `dir` can hold the class database: missing, empty, or one a class server made
 * (PostgreSQL's PG_VERSION is there). A folder of the user's own files is never initialised into,
 * as PostgreSQL's initdb refuses one.
 */
export function checkDataFolder(dir) {
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir).filter((e) => e !== '.hotpath-lock.sock');
  if (entries.length === 0 || entries.includes('PG_VERSION')) return;
  const shown = entries.slice(0, 3).map((e) => `“${e.length > 30 ? `${e.slice(0, 30)}…` : e}”`).join(', ');
  throw new Error(`The folder ${dir} has other files in it (${shown}${entries.length > 3 ? ` and ${entries.length - 3} more` : ''}) and is not a class database: `
    + 'give --data a new or empty folder, or one a class server made.');
}
