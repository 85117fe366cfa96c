// Unpacks the state a link carries after `#z=`: lz-string's URI-safe format, decoded here with a
// bound on the output. lz-string's own decoder has none, and its dictionary lets each code stand
// for a string one character longer than the last, so an 8 KB fragment can ask for 10 million
// characters (a 6 s freeze) and 64 KB for more than a tab's memory. This decoder stops as soon as
// the output passes the bound. Same format, so every link the lab has handed out still opens.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));

export type Unpacked =
  | { ok: true; text: string }
  | { ok: false; reason: 'damaged' }
  | { ok: false; reason: 'too-long' };

/** Each character of the fragment carries 6 bits, most significant first. */
class Bits {
  private at = 0;
  private value = 0;
  private mask = 0;

  constructor(private readonly text: string) {}

  /** The next `n` bits, least significant first (as the encoder wrote them); -1 past the end (a link cut short) or at a character not of the alphabet. */
  read(n: number): number {
    let out = 0;
    for (let i = 0; i < n; i++) {
      if (this.mask === 0) {
        if (this.at >= this.text.length) return -1;
        const v = VALUE[this.text[this.at++]];
        if (v === undefined) return -1;
        this.value = v;
        this.mask = 32;
      }
      if (this.value & this.mask) out |= 1 << i;
      this.mask >>= 1;
    }
    return out;
  }
}

/**
 * The text packed into `fragment` (without the `z=`), or why not: damaged (not this format, or
 * cut short) or too long (more than `limit` characters unpacked).
 */
export function unpackState(fragment: string, limit: number): Unpacked {
  // Some mail clients turn "+" into a space.
  const bits = new Bits(fragment.replace(/ /g, '+'));
  const damaged = { ok: false, reason: 'damaged' } as const;
  // Codes 0 and 1 bring a new 8- or 16-bit character, 2 ends the text; from 3 on, dictionary entries.
  const dictionary: string[] = [];
  let width = 2;
  let grow = 4; // codes left before the code width grows by a bit
  let size = 3;
  const first = bits.read(width);
  if (first === 2) return { ok: true, text: '' };
  if (first !== 0 && first !== 1) return damaged;
  const c0 = bits.read(first === 0 ? 8 : 16);
  if (c0 < 0) return damaged;
  let w = String.fromCharCode(c0);
  dictionary[size++] = w;
  width = 3;
  const out: string[] = [w];
  let length = w.length;
  for (;;) {
    let code = bits.read(width);
    if (code < 0) return damaged;
    if (code === 2) return { ok: true, text: out.join('') };
    if (code === 0 || code === 1) {
      const c = bits.read(code === 0 ? 8 : 16);
      if (c < 0) return damaged;
      dictionary[size] = String.fromCharCode(c);
      code = size++;
      if (--grow === 0) {
        grow = 2 ** width;
        width++;
      }
    }
    let entry: string;
    if (code < size && dictionary[code] !== undefined) entry = dictionary[code];
    else if (code === size) entry = w + w[0];
    else return damaged;
    length += entry.length;
    if (length > limit) return { ok: false, reason: 'too-long' };
    out.push(entry);
    dictionary[size++] = w + entry[0];
    w = entry;
    if (--grow === 0) {
      grow = 2 ** width;
      width++;
    }
  }
}
