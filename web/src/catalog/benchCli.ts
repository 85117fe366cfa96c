// The entry point of `npm run bench` (bundled by web/scripts/bench.mjs): the suites, then the CLI.
import './suites';

export { runCli } from '../bench/node';
