// What the wheel's drawing shows against the frame, at one step: each level's interval and each
// bucket's timers (web/src/catalog/agreement.test.ts runs it over random scripts).
import type { AgreementCheck } from '../registry/family';
import { wheelModel } from './viewModel';

export const agreement: AgreementCheck = (f, t) => {
  const out: string[] = [];
  const size = t.schema.limits.wheelSize;
  const m = wheelModel(f, size);
  for (const l of m.levels) if (l.interval !== l.tick * size) out.push(`level ${l.level}: interval ${l.interval}, tick ${l.tick}`);
  const fired = new Set(m.fired.map((x) => x.timer));
  for (const b of m.buckets) {
    const at = b.level * size + b.slot;
    if (b.timers.length !== f.get('bucket_count', at)) out.push(`L${b.level}[${b.slot}] lists ${b.timers.length} of ${f.get('bucket_count', at)}`);
    for (const x of b.timers) {
      if (f.get('timer_bucket', x) !== at) out.push(`${t.entityLabels[x]} listed in L${b.level}[${b.slot}], its bucket is ${f.get('timer_bucket', x)}`);
      if (fired.has(x)) out.push(`${t.entityLabels[x]} is in L${b.level}[${b.slot}] and fired`);
    }
  }
  return out;
};
