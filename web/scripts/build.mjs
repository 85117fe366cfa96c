// `npm run build [-- --base /path/]`: the static site in dist/, for any static host.
import { join } from 'node:path';
import { ROOT, SetupError, buildSite, main, step } from './toolchain.mjs';

main(async () => {
  const args = process.argv.slice(2);
  const at = args.indexOf('--base');
  if (at >= 0 && !args[at + 1]) throw new SetupError('--base needs a path, e.g. --base /hotpath-lab/');
  const unknown = args.filter((a, i) => a.startsWith('--') && a !== '--base' && i !== at + 1);
  if (unknown.length) throw new SetupError(`Unknown option ${unknown[0]}; the only option is --base PATH.`);
  const base = at >= 0 ? args[at + 1] : process.env.HOTPATH_BASE ?? '/';
  await buildSite(base);
  step(`Done: ${process.env.HOTPATH_OUT_DIR ?? join(ROOT, 'dist')} is a static site; serve it at ${base}.`);
});
