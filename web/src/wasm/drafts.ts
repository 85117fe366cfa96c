// What the reader typed into a widget (a script, a list of deadlines), kept above the widget's
// crash boundary so that restarting the widget does not lose it. WasmWidget provides the map.
import { createContext, useCallback, useContext, useState } from 'react';

/** The reader's edits, by field. */
export const Drafts = createContext<Map<string, string> | null>(null);

/**
 * State for a text the reader edits: starts at `initial`, and survives the widget being restarted
 * after a crash.
 */
export function useDraft(field: string, initial: string): [string, (text: string) => void] {
  const drafts = useContext(Drafts);
  const [text, setText] = useState(() => drafts?.get(field) ?? initial);
  const set = useCallback((t: string) => {
    drafts?.set(field, t);
    setText(t);
  }, [drafts, field]);
  return [text, set];
}
