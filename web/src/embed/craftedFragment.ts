// For tests (Vitest and end-to-end): the shape of the hostile `#z=` links of issue 28.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * A fragment whose every code after the first means "the last entry plus its own first
 * character", so each entry is one longer than the last: `codes` codes unpack to about codes²/2
 * characters. This is the shape of the 8 KB links that froze the tab.
 */
export function craftedFragment(codes: number): string {
  const bits: number[] = [];
  const write = (value: number, width: number) => {
    for (let i = 0; i < width; i++) bits.push((value >> i) & 1);
  };
  write(0, 2); // a new 8-bit character…
  write(97, 8); // …"a"
  let size = 4;
  let width = 3;
  let grow = 4;
  for (let i = 0; i < codes; i++) {
    write(size, width); // the entry not yet made: w + w[0]
    size++;
    if (--grow === 0) { grow = 2 ** width; width++; }
  }
  write(2, width); // end
  while (bits.length % 6) bits.push(0);
  let out = '';
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let j = 0; j < 6; j++) v = (v << 1) | bits[i + j];
    out += ALPHABET[v];
  }
  return out;
}
