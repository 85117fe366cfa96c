// A button that removes itself (Cancel, Stop once the run ends) must not drop the keyboard's
// focus to the page's body: the focus goes to the control that takes its place.
import type { RefObject } from 'react';

/** Moves the focus to `target` once the page has drawn the change (the next frame). */
export function focusAfterRender(target: RefObject<HTMLElement | null>): void {
  requestAnimationFrame(() => target.current?.focus());
}
