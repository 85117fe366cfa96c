// The one CSV writer: RFC 4180 quoting, and cells a spreadsheet would run as a formula made
// inert (OWASP "CSV injection": a leading = + - @ tab or CR gets a leading apostrophe).

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** One cell. Plain numbers stay numbers (a leading minus is not a formula there). */
export function csvCell(v: unknown): string {
  let s = v === undefined || v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole table: a header row and data rows, newline-terminated. */
export function csvTable(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
