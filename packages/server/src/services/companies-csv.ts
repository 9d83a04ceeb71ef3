import { formatCnpj } from '@backoffice/contracts';
import type { CompanyListRow } from '../db/companies-repository.js';

/**
 * The companies export as Excel in pt-BR opens it: UTF-8 with a byte order mark (or accents come out
 * garbled), `;` between cells (`,` is the decimal separator there), CRLF between records, and every
 * cell quoted as RFC 4180 says. The CNPJ goes formatted (00.000.000/0000-00), which also keeps Excel from
 * reading it as a number and dropping its leading zeros.
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const NEWLINE = '\r\n';

export const CSV_HEADER = [
  'Nome Fantasia',
  'Razão Social',
  'CNPJ',
  'Tipo',
  'Situação',
  'Cadastrada em (horário de Brasília)',
];

/**
 * Where a spreadsheet or an importer may start a cell: the start of the text, and after any character
 * some reader splits on — `,` (Excel outside pt-BR), `;`, tab, `|`, CR or LF — because not every reader
 * honours quotes, and a file is opened with whatever separator the reader's locale picks.
 */
const CELL_START = /(?<=^|[,;\t|\r\n])/;
/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA = /[=+\-@\t\r]/;
/** A cell start whose text (after any apostrophes already there) would run as a formula. */
const DEFUSE = new RegExp(`${CELL_START.source}(?='*${FORMULA.source})`, 'g');
/** The apostrophe `defuseFormulas` put at a cell start, and only that one. */
const DEFUSED = new RegExp(`${CELL_START.source}'(?='*${FORMULA.source})`, 'g');

/**
 * An apostrophe before every formula character that could start a cell, so `=HYPERLINK(…)`,
 * `X,=SUM(…)` or `Mercado<TAB>=1+2` stay text whichever separator the file is split on (Excel hides
 * a cell's leading apostrophe). Apostrophes a name already has there get one more, so that
 * `restoreFormulas` gives back exactly what was written: `'=x` is written `''=x` and read `'=x`.
 */
export function defuseFormulas(value: string): string {
  return value.replace(DEFUSE, "'");
}

/** The inverse of `defuseFormulas`: what the import reads back from our own export. */
export function restoreFormulas(cell: string): string {
  return cell.replace(DEFUSED, '');
}

/** One cell, always quoted (quotes doubled, RFC 4180), its formulas defused. */
export function csvCell(value: string): string {
  return `"${defuseFormulas(value).replace(/"/g, '""')}"`;
}

export function csvRecord(cells: readonly string[]): string {
  return cells.map(csvCell).join(SEPARATOR) + NEWLINE;
}

const createdAtFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `23/11/2026 08:50`, Brasília time (from the row's ISO 8601 UTC text): a form Excel in pt-BR reads as a date. */
function createdAt(isoTimestamp: string): string {
  return createdAtFormat.format(new Date(isoTimestamp)).replace(',', '');
}

export function companyRecord(company: CompanyListRow): string {
  return csvRecord([
    company.trading_name,
    company.legal_name,
    formatCnpj(company.tax_id),
    company.type === 'matriz' ? 'Matriz' : 'Filial',
    company.is_active ? 'Ativa' : 'Inativa',
    createdAt(company.created_at),
  ]);
}

/**
 * The whole file as a stream of text chunks: the BOM and header, then one chunk per batch of rows.
 * Pulled by the response stream, so a slow client slows the reads down instead of filling memory.
 */
export async function* companiesCsv(batches: AsyncIterable<readonly CompanyListRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(CSV_HEADER);
  for await (const batch of batches) yield batch.map(companyRecord).join('');
}

/** `empresas-2026-11-23.csv`: the export's name, dated in Brasília as the rows are. */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  return `empresas-${day}.csv`;
}
