// One benchmark at a time on a page: two would share the same cores and time each other's noise.
// A run asked for while another is going waits for it (the panel says so), then starts.
let tail: Promise<unknown> = Promise.resolve();
let running = 0;

/** Runs `task` after every task queued before it; `onWait` is called at once if it has to wait. */
export function exclusive<T>(task: () => Promise<T>, onWait: () => void = () => {}): Promise<T> {
  if (running > 0) onWait();
  running++;
  const next = tail.then(task).finally(() => {
    running--;
  });
  tail = next.catch(() => undefined);
  return next;
}
