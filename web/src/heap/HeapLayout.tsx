// The smallest real widget: the array layout java.util.PriorityQueue gives a list of deadlines,
// computed by the Rust port of the JDK heap.
import { useId, useRef, useState } from 'react';
import { useDraft } from '../wasm/drafts';
import { capacityAt, heapTrace, slotsAt } from './frames';
import { MAX_TIMERS, layoutFileName, parseDeadlines } from './deadlines';
import { ShareEmbed } from '../embed/ShareEmbed';
import { embedLink } from '../embed/link';
import { SettledStatus } from '../ui/settled';

interface Layout {
  slots: string[];
  capacity: number;
}

/** Offers the deadlines to the real JDK heap (the same trace the step player replays). */
function layoutOf(deadlines: number[]): Layout {
  const trace = heapTrace(deadlines.map((d) => `add ${d}`).join(', '), 'jdk');
  return { slots: slotsAt(trace, trace.length), capacity: capacityAt(trace, trace.length) };
}

export function HeapLayout({ initial = '' }: { initial?: string }) {
  const [text, setText] = useDraft('deadlines', initial);
  const [left, setLeft] = useState(false);
  const id = useId();
  const drawing = useRef<HTMLDivElement>(null);
  const parsed = parseDeadlines(text);
  const layout = parsed.ok ? layoutOf(parsed.deadlines) : null;

  return (
    <div className="widget heap-layout">
      <label htmlFor={`${id}-input`}>Deadlines, in scheduling order</label>
      <input
        id={`${id}-input`}
        className="mono"
        value={text}
        spellCheck={false}
        aria-invalid={!parsed.ok}
        aria-describedby={`${id}-status`}
        onChange={(e) => {
          setLeft(false);
          setText(e.target.value);
        }}
        onBlur={() => setLeft(true)}
      />
      <p id={`${id}-status`} className={parsed.ok ? 'hint' : 'input-error'}>
        {parsed.ok
          ? `${parsed.deadlines.length} timers; at most ${MAX_TIMERS} in this view.`
          : <>At column {parsed.start + 1}, {parsed.message}.</>}
      </p>
      <SettledStatus said={parsed.ok ? '' : `At column ${parsed.start + 1}, ${parsed.message}.`} left={left} />
      {layout && (
        <div ref={drawing}>
          <table className="array-view" aria-label="Heap array, index order">
            <thead>
              <tr>{layout.slots.map((_, i) => <th key={i} scope="col">[{i}]</th>)}</tr>
            </thead>
            <tbody>
              <tr>{layout.slots.map((d, i) => <td key={i}>{d}</td>)}</tr>
            </tbody>
          </table>
          <p className="hint">
            The parent of slot k is slot (k − 1) / 2, so every slot holds a deadline no later than
            its children&apos;s; the earliest deadline is always in slot 0. Backing array: {layout.capacity}{' '}
            slots ({layout.capacity - layout.slots.length} empty).
          </p>
        </div>
      )}
      <ShareEmbed link={embedLink('heap-layout', { deadlines: text })} title="java.util.PriorityQueue's array for these deadlines"
        drawing={drawing} pending={layout ? undefined : 'give the deadlines first: the picture is their array'} name={parsed.ok ? layoutFileName(parsed.deadlines) : 'heap-layout'} caption={`Deadlines scheduled in this order: ${text}.`} />
    </div>
  );
}
