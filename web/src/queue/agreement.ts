// What the queues' thread and field tables show against the frame, at one step: each thread's
// next line and operation, the lock's holder (web/src/catalog/agreement.test.ts runs it over
// random scripts).
import type { AgreementCheck } from '../registry/family';
import { variantSpec } from '../script/schema';
import { fieldRows, threadCells, threadRows } from './viewModel';

/** The method a listing's line is in: the name on the last unindented line at or above it. */
function methodOf(code: string[], line: number): string {
  for (let l = line; l >= 0; l--) if (!code[l].startsWith(' ')) return code[l].split('(')[0];
  return '';
}

/** The methods each queue operation runs (its own, and those it calls). */
const QUEUE_CALLS: Record<string, string[]> = { offer: ['offer'], poll: ['poll', 'updateHead'], size: ['size', 'first', 'updateHead'] };

export const agreement: AgreementCheck = (f, t) => {
  const out: string[] = [];
  const code = variantSpec(t.schema, t.variant).pseudocode;
  const rows = threadRows(f, t);
  for (const r of rows) {
    const { operation, next } = threadCells(r);
    if (r.state === 'running') {
      if (r.line < 0) out.push(`${r.name} is running with no next line`);
      else if (next !== code[r.line].trim()) out.push(`${r.name}'s next step says ${next}, its line is ${code[r.line].trim()}`);
      if (operation.includes('→')) out.push(`${r.name} is running, yet its operation shows a result: ${operation}`);
      const op = (r.label ?? '').replace(/^[^:]*:\s*/, '').split(' ')[0];
      const method = methodOf(code, r.line);
      if (!(QUEUE_CALLS[op] ?? []).includes(method)) out.push(`${r.name}'s ${op} shows its next step in ${method}()`);
    } else if (r.line !== -1) {
      out.push(`${r.name} is ${r.state}, yet its next line is ${r.line}`);
    }
  }
  for (const row of fieldRows(f, t.variant, (i) => rows[i]?.name ?? '?')) {
    const holder = /^held by (.*)$/.exec(row.value)?.[1];
    if (row.name === 'lock' && holder !== undefined && rows.find((r) => r.name === holder)?.state !== 'running') {
      out.push(`the lock is held by ${holder}, which is not in an operation`);
    }
  }
  return out;
};
