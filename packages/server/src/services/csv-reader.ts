import { TextDecoder } from 'node:util';
import { apiErrors } from '@backoffice/contracts';
import { HttpError } from '../http/http-error.js';

/**
 * Reading a CSV file as it arrives, never whole: bytes → text (UTF-8 with or without BOM, or Latin-1,
 * told from the first chunk) → records (RFC 4180: quoted cells with doubled quotes, CR LF or LF, `;` or
 * `,` between cells, told from the header line). Memory stays one chunk and one record, whatever the size.
 */

export type CsvEncoding = 'utf-8' | 'latin-1';

export interface CsvRecord {
  /** The file line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

/** How far into the first chunk a UTF-8 sequence may be cut: its last 3 bytes are not judged. */
const UTF8_TAIL = 3;

function looksUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - UTF8_TAIL)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The text of a byte stream. A first chunk that is not UTF-8 means Latin-1 (Excel's "CSV" on Windows
 * writes Windows-1252, which Latin-1 reads but for a few punctuation marks). A UTF-8 file broken further
 * on keeps U+FFFD where the bytes were wrong, which the import then refuses line by line. `maxBytes`
 * bounds the body: past it, a 413.
 */
export async function* decodeText(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  onEncoding: (encoding: CsvEncoding) => void,
): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw new HttpError(413, apiErrors.importTooLarge);
    if (!decoder) {
      const encoding: CsvEncoding = looksUtf8(chunk) ? 'utf-8' : 'latin-1';
      onEncoding(encoding);
      // The BOM is dropped by the decoder (ignoreBOM false).
      decoder = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'latin1');
    }
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  if (!decoder) throw new HttpError(422, apiErrors.importEmpty);
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** `;` or `,`: whichever the header line (up to its first line break outside quotes) holds more of. */
function separatorOf(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * The records of a CSV text stream. The separator is chosen from the header line, then every record is
 * split with it. A blank line is skipped. An unterminated quote runs to the end of the file, as a
 * spreadsheet reads it; the record's line number lets the user find it.
 */
export async function* csvRecords(
  text: AsyncIterable<string>,
  onSeparator: (separator: ';' | ',') => void,
): AsyncGenerator<CsvRecord> {
  let separator: ';' | ',' | undefined;
  let pending = '';
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** The previous character was the closing quote candidate of a quoted cell. */
  let quoteSeen = false;
  let line = 1;
  let recordLine = 1;
  let afterCr = false;

  const endRecord = (): CsvRecord | undefined => {
    cells.push(cell);
    const record = { line: recordLine, cells };
    cells = [];
    cell = '';
    return record.cells.length === 1 && record.cells[0]?.trim() === '' ? undefined : record;
  };

  for await (const chunk of text) {
    let input = chunk;
    if (!separator) {
      pending += chunk;
      const newline = pending.search(/[\r\n]/);
      if (newline < 0) continue;
      separator = separatorOf(pending.slice(0, newline));
      onSeparator(separator);
      input = pending;
      pending = '';
    }
    for (const char of input) {
      if (afterCr) {
        afterCr = false;
        if (char === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (char === '"') {
            cell += '"';
            continue;
          }
          quoted = false;
          // Falls through: the character after a closing quote is read as outside quotes.
        } else if (char === '"') {
          quoteSeen = true;
          continue;
        } else {
          if (char === '\n' || char === '\r') line++;
          if (char === '\r') afterCr = true;
          cell += char;
          continue;
        }
      }
      if (char === '"' && cell === '') {
        quoted = true;
      } else if (char === separator) {
        cells.push(cell);
        cell = '';
      } else if (char === '\n' || char === '\r') {
        afterCr = char === '\r';
        const record = endRecord();
        line++;
        recordLine = line;
        if (record) yield record;
      } else {
        cell += char;
      }
    }
  }
  if (!separator) {
    if (pending === '') return;
    separator = separatorOf(pending);
    onSeparator(separator);
    // A one-line file: the header alone.
    yield { line: 1, cells: splitSimple(pending, separator) };
    return;
  }
  if (cell !== '' || cells.length > 0) {
    const record = endRecord();
    if (record) yield record;
  }
}

/** A header-only file without a line break: split it the same way (quotes kept simple). */
function splitSimple(text: string, separator: string): string[] {
  return text.split(separator).map((cell) => cell.replace(/^"(.*)"$/s, '$1').replace(/""/g, '"'));
}
