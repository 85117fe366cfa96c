// The lab's own pages (lessons, the class view) may be framed only by the lab: a host that sends
// no frame-ancestors header (GitHub Pages cannot) still gets this check, in the page itself.
// The embed routes are made to be framed anywhere and do not use it.

/** Whether this page is inside a frame of another origin (whose location it cannot read). */
export function framedByAnotherSite(w: Window = window): boolean {
  if (w.top === w.self) return false;
  try {
    return w.top!.location.origin !== w.location.origin;
  } catch {
    return true;
  }
}
