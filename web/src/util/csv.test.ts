import { describe, expect, it } from 'vitest';
import { csvCell, csvTable, parseCsv, unguard } from './csv';

describe('csv', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('Ada, B.')).toBe('"Ada, B."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell([0, 1])).toBe('0 1');
  });

  it('neutralises every cell a spreadsheet would evaluate', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    for (const s of ['+1+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', ' =1+1', '  @SUM(A1)', '\u3000=1', '＝1+1', '＋cmd', '－1', '＠SUM(A1)']) {
      expect(csvCell(s).replace(/^"/, '').startsWith("'"), s).toBe(true);
      expect(unguard(csvCell(s).replace(/^"|"$/g, ''))).toBe(s);
    }
    // Numbers, negative ones included, stay numbers.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-1.5e3')).toBe('-1.5e3');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a table', () => {
    expect(csvTable(['a', 'b'], [[1, '=x']])).toBe("a,b\n1,'=x\n");
  });

  it('reads back what it writes: quotes, commas, line breaks, guarded formulas', () => {
    const rows = [['name', 'answer'], ['Ada, B.', 'say "hi"'], ['x', 'two\nlines'], ['y', '=1+1']];
    const parsed = parseCsv(csvTable(rows[0], rows.slice(1)));
    expect(parsed.ok && parsed.rows.map((r) => r.map(unguard))).toEqual(rows);
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual({ ok: true, rows: [['a', 'b'], ['1', '2']] });
    expect(parseCsv('a,b\n"open,2\n3')).toEqual({ ok: false, line: 2, message: 'a quoted cell is never closed' });
  });
});
