// Least-squares slope of log10(y) against log10(x): the exponent k in y ≈ c·xᵏ.

export interface Fit {
  slope: number;
  intercept: number;
  /** Points used (only those with x > 0 and y > 0 can sit on a log-log line). */
  used: number;
}

export function logLogFit(points: readonly { x: number; y: number }[]): Fit | null {
  const pts = points.filter((p) => p.x > 0 && p.y > 0).map((p) => ({ x: Math.log10(p.x), y: Math.log10(p.y) }));
  if (pts.length < 2) return null;
  const n = pts.length;
  const mx = pts.reduce((a, p) => a + p.x, 0) / n;
  const my = pts.reduce((a, p) => a + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of pts) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, used: n };
}
