// What the Recyclers' object table and thread columns show against the frame, at one step: each
// object's place (held, pooled, queued, moving…) and each stack's size (web/src/catalog/
// agreement.test.ts runs it over random scripts).
import type { AgreementCheck } from '../registry/family';
import { stepAt } from '../script/trace';
import { objectName, objectRows, placeText, queuesOf, threadColumns } from './viewModel';

export const agreement: AgreementCheck = (f, t, k) => {
  const out: string[] = [];
  const threads = threadColumns(f, t);
  const name = (i: number) => threads[i]?.name ?? `thread ${i}`;
  const rows = objectRows(f);
  const total = f.counts('total');
  const kind = k > 0 ? t.schema.kinds[stepAt(t, k - 1).kind].name : 'none';
  for (const c of threads) {
    // Before the rewrite a pop with assertions clears its slot while the new size is a local:
    // inside the size there may be that one empty slot, mid-get, or one a failed assertion left.
    const cleared = c.slots.slice(0, c.size).filter((x) => x.object === null).map((x) => x.index);
    const explained = t.variant === 'before'
      && (total.fault > 0 || (c.outcome === 'running' && cleared.length === 1 && cleared[0] === c.size - 1));
    if (cleared.length > 0 && !explained) out.push(`${c.name}'s stack says size ${c.size} with ${c.pooled.length} pooled`);
  }
  const dropped = rows.filter((r) => r.place.kind === 'dropped').length;
  if (dropped > total.drop) out.push(`${dropped} objects dropped (garbage), ${total.drop} counted dropped`);
  for (const r of rows) {
    const o = objectName(r.object);
    const p = r.place;
    const said = `${o} is "${placeText(p, name)}"`;
    const c = threads[p.at];
    switch (p.kind) {
      case 'held': if (f.get('object_holder', r.object) !== p.at) out.push(`${said}, its holder is ${f.get('object_holder', r.object)}`); break;
      case 'pooled':
        if (!c || p.slot >= c.size || c.slots[p.slot]?.object !== r.object) out.push(`${said}, not below ${name(p.at)}'s size`);
        break;
      case 'queued': {
        const q = threads.flatMap((x) => queuesOf(f, x.index)).find((b) => b.queue === p.at);
        if (!q?.links.some((l) => l.slots.slice(l.read, l.write).includes(r.object))) out.push(`${said}, not published in that queue`);
        break;
      }
      case 'moving':
        if (kind !== 'transfer') out.push(`${said} after a ${kind} step, not mid-transfer`);
        if (!c || p.slot < c.size || c.slots[p.slot]?.object !== r.object) out.push(`${said}, not above the size`);
        break;
      case 'made': case 'popped': case 'recycling':
        if (c?.outcome !== 'running') out.push(`${said}, while ${name(p.at)} is not in an operation`);
        break;
      case 'dropped': break;
      default: if (total.fault === 0) out.push(`${said} with no exception thrown`);
    }
  }
  return out;
};
