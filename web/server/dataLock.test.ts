// @vitest-environment node
// One class server per data folder: a second process is refused at once, naming the holder, and
// a holder killed with SIGKILL leaves no lock behind.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(await holderOf(dir)).toBeNull();
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
    busy.close();
    // Refused, it let the folder go.
    expect(await holderOf(dir)).toBeNull();
  });
});
