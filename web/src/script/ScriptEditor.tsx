import { useId, useState, type ReactNode } from 'react';
import { SettledStatus } from '../ui/settled';
import type { ScriptError } from './parse';
import { excerpt } from '../util/format';

/** The script box, with the error (if any) pointed at in the text, and the family's help. */
export function ScriptEditor({ text, onChange, error, help }: {
  text: string; onChange: (t: string) => void; error: ScriptError | null; help: ReactNode;
}) {
  const id = useId();
  const line = error ? text.slice(0, error.start).split('\n').length : 0;
  const column = error ? error.start - text.lastIndexOf('\n', error.start - 1) : 0;
  const said = error ? `Line ${line}, column ${column}: ${error.message}.` : '';
  // Shown at once; read out once the typing pauses, or when the box is left.
  const [left, setLeft] = useState(false);
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
        onChange={(e) => {
          setLeft(false);
          onChange(e.target.value);
        }}
        onBlur={() => setLeft(true)}
      />
      <SettledStatus said={said} left={left} />
      <div id={`${id}-status`} className={error ? 'input-error' : 'hint'}>
        {error ? (
          <>
            Line {line}, column {column}: {error.message}.{' '}
            <code className="error-excerpt">{excerpt(text.slice(error.start, Math.max(error.end, error.start + 1))) || '␣'}</code>
          </>
        ) : (
          'Edit the script: the structures re-run as you type.'
        )}
      </div>
      <details id={`${id}-help`} className="script-help">
        <summary>Script grammar and limits</summary>
        {help}
      </details>
    </div>
  );
}
