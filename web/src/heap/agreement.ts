// What the heap's drawing shows against the frame it is read from, at one step: every slot's
// label and the timer in hand (web/src/catalog/agreement.test.ts runs it over random scripts).
import type { AgreementCheck } from '../registry/family';
import { heapViewModel } from '../arrayHeap/viewModel';

export const agreement: AgreementCheck = (f, t) => {
  const out: string[] = [];
  const vm = heapViewModel(f, { label: (c) => t.entityLabels[c], indexed: t.variant === 'indexed' });
  const size = f.get('size');
  if (vm.cells.length !== size) out.push(`${vm.cells.length} cells for size ${size}`);
  vm.cells.forEach((c) => {
    const code = f.get('slot', c.slot);
    const want = code < 0 ? '–' : t.entityLabels[code];
    if (c.label !== want) out.push(`slot ${c.slot} says ${c.label}, the frame holds ${want}`);
  });
  const inHand = vm.nodes.filter((n) => n.place === 'hand').length;
  if (inHand !== (f.get('held') >= 0 ? 1 : 0)) out.push(`${inHand} timers drawn in hand, held = ${f.get('held')}`);
  return out;
};
