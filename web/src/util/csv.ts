// The one CSV writer: RFC 4180 quoting, and cells a spreadsheet would run as a formula made
// inert (OWASP "CSV injection": a leading = + - @ tab or CR gets a leading apostrophe, also after
// spaces, which spreadsheets skip, and in the full-width forms ＝ ＋ － ＠ some locales read as them).

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const FORMULA = /^([\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r])/;

/** One cell. Plain numbers stay numbers (a leading minus is not a formula there). */
export function csvCell(v: unknown): string {
  let s = v === undefined || v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  if (FORMULA.test(s) && !NUMBER.test(s.trim())) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole table: a header row and data rows, newline-terminated. */
export function csvTable(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/** Undoes `csvCell`'s guard: the apostrophe it put before a formula-like cell. */
export function unguard(cell: string): string {
  return cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * Rows of RFC 4180 CSV (quoted cells may hold commas, quotes as "", and line breaks), or the
 * 1-based line where a quote is left open.
 */
export function parseCsv(text: string): { ok: true; rows: string[][] } | { ok: false; line: number; message: string } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let openedAt = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      openedAt = line;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      line++;
    } else cell += c;
  }
  if (quoted) return { ok: false, line: openedAt, message: 'a quoted cell is never closed' };
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return { ok: true, rows: rows.filter((r) => !(r.length === 1 && r[0] === '')) };
}
