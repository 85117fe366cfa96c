// The bundled class server as the end-to-end tests start it: its own process, on the e2e build
// of the site, the embedded database in a folder of the test's.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const BUNDLE = join(ROOT, '.cache', 'class', 'server.mjs');
export const WASM = join(ROOT, 'web', 'src', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm');

export const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

/** The bundled server as its own process, on the e2e build of the site (`env`: DATABASE_URL, say). */
export function startServer(port: number, data: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const args = ['--site', process.env.HOTPATH_SITE_DIR!, '--base', process.env.HOTPATH_SITE_BASE ?? '/', '--wasm', WASM, '--data', data, '--port', String(port)];
  const child = spawn(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(`file://${BUNDLE}`)}).then((m) => m.main(${JSON.stringify(args)}))`], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    const seen = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+) /.exec(out);
      if (m) resolve({ url: m[1], child });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`the class server exited (${code}): ${out}`)));
  });
}

