// Where a benchmark ran: printed with every result, since absolute numbers mean little without it.

export interface Environment {
  runtime: string;
  wasmProfile: string;
  crossOriginIsolated: boolean | null;
  timerResolutionMs?: number;
  cores: number | null;
}

/** "Chrome 156.0.8078.73", "Firefox 140.0", … from a user-agent string (best effort). */
export function browserName(ua: string): string {
  const m = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(ua);
  if (!m) return ua;
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera' };
  const version = m[1] === 'Safari' ? (/Version\/([\d.]+)/.exec(ua)?.[1] ?? m[2]) : m[2];
  return `${names[m[1]] ?? m[1]} ${version}`;
}

export function describeEnvironment(e: Environment): string {
  const parts = [e.runtime, `wasm ${e.wasmProfile} build`];
  if (e.crossOriginIsolated !== null) parts.push(e.crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated');
  if (e.timerResolutionMs !== undefined) parts.push(`timer resolution ${formatMs(e.timerResolutionMs)}`);
  if (e.cores !== null) parts.push(`${e.cores} cores`);
  return parts.join(' · ');
}

export function formatMs(ms: number): string {
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  if (ms >= 0.001) return `${+(ms * 1000).toFixed(1)} µs`;
  return `${Math.round(ms * 1e6)} ns`;
}
