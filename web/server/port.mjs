// Whether a port can be listened on, asked before anything slow is done: a server that would fail
// with EADDRINUSE after a minute of loading says so at once instead.
import { createServer } from 'node:net';

/** Resolves when `host:port` is free (port 0: any free one always is); rejects with a sentence when not. */
export function checkPort(host, port) {
  if (port === 0) return Promise.resolve();
  return new Promise(/** @param {(v?: void) => void} resolve */ (resolve, reject) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ e) => reject(new Error(e.code === 'EADDRINUSE'
      ? `Port ${port} on ${host} is already in use (another class server, or another program): stop it, or pass --port with a free one.`
      : `Cannot listen on ${host}:${port}: ${e.message}.`)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
