import { useId } from 'react';
import type { ScriptError } from './script';

/** The ops script box, with the error (if any) pointed at in the text. */
export function ScriptEditor({ text, onChange, error }: {
  text: string; onChange: (t: string) => void; error: ScriptError | null;
}) {
  const id = useId();
  const line = error ? text.slice(0, error.start).split('\n').length : 0;
  const column = error ? error.start - text.lastIndexOf('\n', error.start - 1) : 0;
  return (
    <div className="script-editor">
      <label htmlFor={`${id}-ops`}>Ops script</label>
      <textarea
        id={`${id}-ops`}
        className="mono"
        rows={2}
        value={text}
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={`${id}-status ${id}-help`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div id={`${id}-status`} className={error ? 'input-error' : 'hint'} role={error ? 'alert' : undefined}>
        {error ? (
          <>
            Line {line}, column {column}: {error.message}.{' '}
            <code className="error-excerpt">{text.slice(error.start, Math.max(error.end, error.start + 1)) || '␣'}</code>
          </>
        ) : (
          'Edit the script: the heaps re-run as you type.'
        )}
      </div>
      <details id={`${id}-help`} className="script-help">
        <summary>Script grammar and limits</summary>
        <ul>
          <li><code>add K</code> schedules a timer due at K; <code>poll</code> takes the earliest out;
            <code>remove K</code> cancels the earliest-scheduled timer due at K (if none is queued, it
            cancels one that is not, and the JDK heap still scans every slot).</li>
          <li><code>schedule N</code> adds deadlines 1 … N in order, as Netty&apos;s benchmark does;
            <code>cancel-in-order</code> and <code>cancel-reverse</code> cancel every queued timer in
            scheduling order or its reverse.</li>
          <li>Separate operations with commas, semicolons or new lines.</li>
          <li>Limits: the tree is drawn for up to 127 timers and 2,000 operations (250,000 steps);
            larger scripts are counted only, up to 1,000,000 timers and 5,000,050,000 equals() calls
            (n = 100,000 cancelled in reverse).</li>
        </ul>
      </details>
    </div>
  );
}
