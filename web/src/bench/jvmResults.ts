// The JVM originals' scores, measured by `npm run bench -- <suite> --save-jvm` on a stated
// machine and committed in jvm/results/: shown beside live rows and quoted by verdicts, never
// as live figures.

export interface JvmResults {
  suite: string;
  measured: string;
  java: string;
  machine: string;
  preset: string;
  rows: Record<string, { score: number; error: number }>;
}

const RESULTS = import.meta.glob<JvmResults>('../../../jvm/results/*.json', { eager: true, import: 'default' });

export function jvmResults(suite: string): JvmResults | undefined {
  return Object.entries(RESULTS).find(([path]) => path.endsWith(`/${suite}.json`))?.[1];
}
