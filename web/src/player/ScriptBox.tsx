// A player's script and settings: open on a wide screen, folded on a phone, where they would
// put 450 px of boxes and help between the reader and every player's buttons.
import { useState, type ReactNode } from 'react';

const PHONE = '(max-width: 640px)';

export function ScriptBox({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(() => typeof window === 'undefined' || !window.matchMedia?.(PHONE).matches);
  return (
    <details className="script-box" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Script and settings</summary>
      {children}
    </details>
  );
}
