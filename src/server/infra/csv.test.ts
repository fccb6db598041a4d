import { describe, expect, it } from 'vitest';
import { csvText, parseCsv } from './csv';

describe('CSV', () => {
  it('reads back what it writes: commas, quotes, line breaks, a formula-looking text, a BOM', () => {
    const rows = [
      ['Name', 'Note'],
      ['Pads, front', 'say "hi"'],
      ['=SUM(A1)', 'two\r\nlines'],
      ['-5 off', ''],
    ];
    const text = csvText(rows[0]!, rows.slice(1));
    expect(parseCsv(text)).toEqual(rows);
    expect(parseCsv(`\uFEFF${text}\r\n\r\n`)).toEqual(rows);
    expect(parseCsv('a,b\nc,d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
