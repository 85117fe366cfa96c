// @vitest-environment node
// One class server per data folder: a second process is refused at once, naming the holder, and
// a holder killed with SIGKILL leaves no lock behind. The second process is refused however it
// reaches the folder: by another spelling, through a bind mount, or from another network
// namespace (as a second container sharing the volume would).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirInUse, holderOf, lockDataDir } from './dataLock.mjs';
import { startServer } from './main';

const LOCK = join(import.meta.dirname, 'dataLock.mjs');
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'hotpath-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Another process holding `dir` until killed; resolves with it once it holds the lock. */
function holder(dir: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e',
    `import(${JSON.stringify(`file://${LOCK}`)}).then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}, () => ({ url: 'http://127.0.0.1:5187/' })); console.log('held'); setInterval(() => {}, 1e6); })`],
  { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<typeof child>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('held') && resolve(child));
    child.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
}

/**
 * Another process, started through `wrap` (a command that runs what follows it), trying to take
 * `dir`: what it was told.
 */
function attempt(dir: string, wrap: string[]): Promise<{ held: true } | { refused: string }> {
  const code = `import(${JSON.stringify(`file://${LOCK}`)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(
    () => console.log(JSON.stringify({ held: true })), (e) => console.log(JSON.stringify({ refused: e.message })))`;
  const child = spawn(wrap[0], [...wrap.slice(1), process.execPath, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => child.on('exit', (c) => {
    try {
      resolve(JSON.parse(out));
    } catch {
      reject(new Error(`the attempt exited (${c}) saying “${out}”`));
    }
  }));
}

/** Whether this machine lets a test make namespaces of its own (a user namespace maps it to root in them). */
const namespaces = spawnSync('unshare', ['-r', '-m', '-n', 'true']).status === 0;

describe('the embedded database folder', () => {
  it('refuses a second process, naming the folder and the holder, until the holder is killed', async () => {
    const dir = fresh();
    const child = await holder(dir);
    const refusal = await lockDataDir(dir).then(() => null, (e: unknown) => e);
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as Error).message).toContain(`The class data folder ${dir} is in use by process ${child.pid}, the class server at http://127.0.0.1:5187/`);
    expect((await holderOf(dir))?.pid).toBe(child.pid);
    // SIGKILL gives the process no chance to clean up: the kernel frees the lock.
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The lock's own holder (flock's child) sees its pipe close and exits a moment after.
    await vi.waitFor(async () => expect(await holderOf(dir)).toBeNull(), { timeout: 10_000, interval: 20 });
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('is one lock under any spelling of the folder, and one per process too', async () => {
    const dir = fresh();
    const link = join(fresh(), 'link');
    symlinkSync(dir, link);
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(link)).rejects.toThrow(`The class data folder ${dir} is in use by process ${process.pid}`);
    await expect(lockDataDir(`${dir}/../${dir.split('/').at(-1)}`)).rejects.toBeInstanceOf(DataDirInUse);
    await lock.release();
    await (await lockDataDir(link)).release();
  });

  it.runIf(namespaces)('is one lock through a bind mount of the folder', async () => {
    const dir = fresh();
    const mount = join(fresh(), 'mounted');
    mkdirSync(mount);
    const lock = await lockDataDir(dir);
    // Inside a mount namespace of its own, the second process sees the folder bind-mounted at
    // another path: no spelling of that path leads back to this one, but the file is the same.
    const r = await attempt(mount, ['unshare', '-r', '-m', 'sh', '-c', `mount --bind ${dir} ${mount} && exec "$@"`, 'sh']);
    expect(r).toEqual({ refused: expect.stringContaining(`is in use by process ${process.pid}`) });
    await lock.release();
    expect(await attempt(mount, ['unshare', '-r', '-m', 'sh', '-c', `mount --bind ${dir} ${mount} && exec "$@"`, 'sh'])).toEqual({ held: true });
  });

  it.runIf(namespaces)('is one lock from another network namespace', async () => {
    const dir = fresh();
    const lock = await lockDataDir(dir);
    expect(await attempt(dir, ['unshare', '-r', '-n'])).toEqual({ refused: expect.stringContaining(`is in use by process ${process.pid}`) });
    await lock.release();
    expect(await attempt(dir, ['unshare', '-r', '-n'])).toEqual({ held: true });
  });

  it('is not made by asking who holds it', async () => {
    const dir = join(fresh(), 'not-yet');
    expect(await holderOf(dir)).toBeNull();
    expect(existsSync(dir)).toBe(false);
  });

  it('is checked, with the port, before the server loads anything', async () => {
    // No wasm at that path: had the server loaded it first, the error would be a missing file.
    const dir = fresh();
    const lock = await lockDataDir(dir);
    await expect(startServer({ wasm: join(dir, 'missing.wasm'), data: dir, port: 0 })).rejects.toBeInstanceOf(DataDirInUse);
    await lock.release();
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const { port } = busy.address() as { port: number };
    await expect(startServer({ wasm: join(dir, 'missing.wasm'), data: dir, port })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    // Refused, it let the folder go.
    expect(await holderOf(dir)).toBeNull();
    // A start refused for its port makes no folder.
    const none = join(dir, 'none');
    await expect(startServer({ wasm: join(dir, 'missing.wasm'), data: none, port })).rejects.toThrow('already in use');
    expect(existsSync(none)).toBe(false);
    busy.close();
  });

  it('removes the folder it made when its port is taken while it loads (issue 59 item 7)', async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const { port } = free.address() as { port: number };
    await new Promise<void>((r) => free.close(() => r()));
    const made = join(fresh(), 'made-by-this-start');
    const starting = startServer({ wasm: join(import.meta.dirname, '..', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm'), data: made, port });
    // The port was free when checked; once the folder is locked (the server now loads the wasm
    // and makes its database, seconds), another program takes the port.
    await expect.poll(() => existsSync(made)).toBe(true);
    const thief = createServer();
    await new Promise<void>((r) => thief.listen(port, '127.0.0.1', r));
    await expect(starting).rejects.toThrow(`Port ${port} on 127.0.0.1 was taken while the server loaded`);
    expect(existsSync(made)).toBe(false);
    thief.close();
  }, 300_000);
});
