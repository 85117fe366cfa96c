// The suites this build knows, by name: filled once by the catalog (catalog/suites.ts, which finds
// each family's suites.ts), read by the benchmark panel and the CLI. Apart from suites.ts, which
// holds only what a suite is, so that a family's suite file imports types and no mutable state.
import { lookup } from '../util/lookup';
import type { Suite } from './suites';

const suites: Record<string, Suite> = Object.create(null);

export function registerSuite(s: Suite): Suite {
  suites[s.name] = s;
  return s;
}

export function suiteByName(name: string): Suite | undefined {
  return lookup(suites, name);
}

export function suiteNames(): string[] {
  return Object.keys(suites);
}
