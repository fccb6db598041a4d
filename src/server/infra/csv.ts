/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and a text a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an
 * apostrophe, so an exported value people typed can never run in the operator's spreadsheet.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header and rows as CSV text (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export const csvText = (header: readonly string[], rows: readonly (string | number)[][]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');

/**
 * CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF line ends) as rows of cells.
 * A leading apostrophe that csvCell added to keep a formula from running is taken off again, so
 * a file exported here reads back as it was.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    row.push(/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}
