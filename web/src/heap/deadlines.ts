// Parses a list of timer deadlines typed by a reader: whole numbers separated by spaces or commas.

export const MAX_DEADLINE = 4_294_967_295; // deadlines cross into wasm as u32
/** As many as the heap views draw. */
export const MAX_TIMERS = 127;

export type Parsed =
  | { ok: true; deadlines: number[] }
  | { ok: false; message: string; start: number; end: number };

export function parseDeadlines(text: string): Parsed {
  const deadlines: number[] = [];
  const token = /[^\s,]+/g;
  let m: RegExpExecArray | null;
  while ((m = token.exec(text))) {
    const item = deadlines.length + 1;
    const [word] = m;
    const fail = (why: string): Parsed => ({
      // A long word is quoted by its start: the message must fit a phone's line, not run off the page.
      ok: false, message: `item ${item} ("${word.length > 24 ? `${word.slice(0, 24)}…` : word}"): ${why}`, start: m!.index, end: m!.index + word.length,
    });
    if (!/^\d+$/.test(word)) return fail('a deadline is a whole number, like 40');
    const value = Number(word);
    if (value > MAX_DEADLINE) return fail(`a deadline is at most ${MAX_DEADLINE.toLocaleString('en-US')}`);
    if (deadlines.length === MAX_TIMERS) return fail(`this view holds at most ${MAX_TIMERS} timers`);
    deadlines.push(value);
  }
  return { ok: true, deadlines };
}

/**
 * The picture's file name: the deadlines it shows (`heap-layout-50-30-90-10`), or for a long list
 * their count and a short digest of them, so pictures of two lists are two files.
 */
export function layoutFileName(deadlines: readonly number[]): string {
  const listed = deadlines.join('-');
  if (listed.length <= 60) return `heap-layout-${listed || 'empty'}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < listed.length; i++) h = Math.imul(h ^ listed.charCodeAt(i), 0x01000193);
  return `heap-layout-${deadlines.length}-deadlines-${(h >>> 0).toString(36)}`;
}
