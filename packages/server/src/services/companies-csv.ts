import { formatCnpj } from '@backoffice/contracts';
import type { CompanyListRow } from '../db/companies-repository.js';

/**
 * The companies export as Excel in pt-BR opens it: UTF-8 with a byte order mark (or accents come out
 * garbled), `;` between cells (`,` is the decimal separator there), CRLF between records, and cells
 * quoted as RFC 4180 says. The CNPJ goes formatted (00.000.000/0000-00), which also keeps Excel from
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
 * A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or CR before one)
 * gets a leading apostrophe, so a company named `=HYPERLINK(…)` stays a name (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused if it could be a formula, quoted (quotes doubled) if it holds `;`, `"`, CR or LF. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
