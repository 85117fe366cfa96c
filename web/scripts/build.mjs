// `npm run build [-- --base /path/]`: the static site in dist/ (or HOTPATH_OUT_DIR), for any static host.
import { join, resolve } from 'node:path';
import { ROOT, SetupError, main, step } from './toolchain.mjs';
import { buildSite } from './site.mjs';

const USAGE = `usage: npm run build [-- --base PATH]
  Builds the static site into dist/, or into HOTPATH_OUT_DIR (relative to the repository) when set.
  --base PATH  the path the site is served under (default: HOTPATH_BASE, else /)
  Also read: HOTPATH_SITE_URL (the site's public address: adds oEmbed files) and HOTPATH_PIN_BASE
  (where a kept release is served: snippets point there). See docs/hosting.md and docs/embedding.md.
  --help       print this and exit`;

main(async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
  const at = args.indexOf('--base');
  if (at >= 0 && !args[at + 1]) throw new SetupError('--base needs a path, e.g. --base /hotpath-lab/');
  const unknown = args.filter((a, i) => a.startsWith('--') && a !== '--base' && i !== at + 1);
  if (unknown.length) throw new SetupError(`Unknown option ${unknown[0]}; the only option is --base PATH.`);
  const base = at >= 0 ? args[at + 1] : process.env.HOTPATH_BASE ?? '/';
  // HOTPATH_OUT_DIR names the folder (relative to the repository, as vite.config.ts reads it); it was printed but not used.
  const out = process.env.HOTPATH_OUT_DIR ? resolve(ROOT, process.env.HOTPATH_OUT_DIR) : join(ROOT, 'dist');
  await buildSite(base, out);
  step(`Done: ${out} is a static site; serve it at ${base}.`);
});
