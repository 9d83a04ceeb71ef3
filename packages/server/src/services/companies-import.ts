import {
  apiErrors,
  type CompanyCreate,
  CompanyCreateSchema,
  IMPORT_BATCH_SIZE,
  IMPORT_MAX_BYTES,
  IMPORT_PREVIEW_MAX_ERRORS,
  type ImportEvent,
  type ImportPreview,
  ruleMessages as m,
} from '@backoffice/contracts';
import * as v from 'valibot';
import { HttpError } from '../http/http-error.js';
import { findUnstorableText } from '../http/request-text.js';
import type { Actor } from './audit.js';
import { csvRecord, restoreFormulas } from './companies-csv.js';
import type { CompaniesService } from './companies-service.js';
import { type CsvEncoding, type CsvRecord, csvRecords, decodeText } from './csv-reader.js';

/**
 * CSV import (issue 27): the file our export writes (`;`, BOM, formatted CNPJ, `Matriz`/`Ativa`), the
 * same with `,`, UTF-8 or Latin-1. Each line is validated with the rules the form and the API use
 * (contracts), plus what only a file can get wrong: its columns, its encoding, a CNPJ twice in it. One
 * pass over the stream, whatever the size: preview, import and the rejected lines all read it the same way.
 */

type Field = 'trading_name' | 'legal_name' | 'tax_id' | 'type' | 'is_active';

/** Header names, compared lower-case and without accents; our export's first, then the API's. */
const HEADER_NAMES: Record<string, Field> = {
  'nome fantasia': 'trading_name',
  'razao social': 'legal_name',
  cnpj: 'tax_id',
  tipo: 'type',
  situacao: 'is_active',
  trading_name: 'trading_name',
  legal_name: 'legal_name',
  tax_id: 'tax_id',
  type: 'type',
  is_active: 'is_active',
};
const REQUIRED: Field[] = ['trading_name', 'legal_name', 'tax_id', 'type'];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

const STATUS: Record<string, boolean> = {
  '': true,
  ativa: true,
  ativo: true,
  true: true,
  sim: true,
  '1': true,
  inativa: false,
  inativo: false,
  false: false,
  nao: false,
  '0': false,
};

export interface CheckedLine {
  line: number;
  cells: string[];
  /** The company to create, when the line has no error. */
  company?: CompanyCreate;
  errors: string[];
}

type Columns = Partial<Record<Field, number>>;

function columnsOf(header: CsvRecord | undefined): { columns: Columns; width: number } {
  const columns: Columns = {};
  for (const [index, name] of (header?.cells ?? []).entries()) {
    const field = HEADER_NAMES[fold(name.replace(/^\uFEFF/, ''))];
    if (field && columns[field] === undefined) columns[field] = index;
  }
  if (!header || REQUIRED.some((field) => columns[field] === undefined)) {
    throw new HttpError(422, apiErrors.importHeaderMissing);
  }
  return { columns, width: header.cells.length };
}

function checkLine(record: CsvRecord, columns: Columns, width: number, seen: Map<string, number>): CheckedLine {
  const errors: string[] = [];
  const cell = (field: Field) => {
    const index = columns[field];
    return index === undefined ? '' : restoreFormulas((record.cells[index] ?? '').trim());
  };
  if (record.cells.length !== width) errors.push(m.importColumnCount);
  if (record.cells.some((text) => text.includes('\uFFFD'))) errors.push(m.importBadEncoding);
  const type = fold(cell('type'));
  if (type === '') errors.push(m.companyTypeRequired);
  else if (type !== 'matriz' && type !== 'filial') errors.push(m.companyTypeInvalid);
  const status = STATUS[fold(cell('is_active'))];
  if (status === undefined) errors.push(m.companyStatusInvalid);
  const input = {
    trading_name: cell('trading_name'),
    legal_name: cell('legal_name'),
    tax_id: cell('tax_id'),
    type: type === 'matriz' ? 'matriz' : 'filial',
    is_active: status ?? true,
  };
  for (const problem of findUnstorableText(input)) errors.push(problem.msg);
  const parsed = v.safeParse(CompanyCreateSchema, input);
  if (!parsed.success) for (const issue of parsed.issues) errors.push(issue.message);
  const company = parsed.success ? parsed.output : undefined;
  if (company) {
    const first = seen.get(company.tax_id);
    if (first !== undefined) errors.push(m.importDuplicateInFile.replace('{line}', String(first)));
    else seen.set(company.tax_id, record.line);
  }
  return { line: record.line, cells: record.cells, company: errors.length === 0 ? company : undefined, errors };
}

export interface CheckedFile {
  encoding: () => CsvEncoding;
  separator: () => ';' | ',';
  header: string[];
  lines: AsyncGenerator<CheckedLine>;
}

/**
 * Opens an uploaded file: reads up to its header (a file without the needed columns is a 422 before
 * anything else), then hands out its lines, each checked, as they arrive.
 */
export async function openImport(body: AsyncIterable<Uint8Array>): Promise<CheckedFile> {
  let encoding: CsvEncoding = 'utf-8';
  let separator: ';' | ',' = ';';
  const records = csvRecords(
    decodeText(body, IMPORT_MAX_BYTES, (found) => {
      encoding = found;
    }),
    (found) => {
      separator = found;
    },
  );
  const first = await records.next();
  const header = first.done ? undefined : first.value;
  if (!header) throw new HttpError(422, apiErrors.importEmpty);
  const { columns, width } = columnsOf(header);
  const seen = new Map<string, number>();
  async function* lines() {
    for await (const record of records) yield checkLine(record, columns, width, seen);
  }
  return { encoding: () => encoding, separator: () => separator, header: header.cells, lines: lines() };
}

/** Groups valid lines into batches of IMPORT_BATCH_SIZE, passing the others through. */
async function* batched(lines: AsyncIterable<CheckedLine>, onInvalid: (line: CheckedLine) => void) {
  let batch: CheckedLine[] = [];
  for await (const line of lines) {
    if (!line.company) {
      onInvalid(line);
      continue;
    }
    batch.push(line);
    if (batch.length === IMPORT_BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What importing the file would do: every line checked, CNPJs looked up in the registry; nothing written. */
export async function previewImport(file: CheckedFile, service: CompaniesService): Promise<ImportPreview> {
  const preview: ImportPreview = {
    rows: 0,
    valid: 0,
    ignored: 0,
    rejected: 0,
    problems: [],
    ignored_lines: [],
    encoding: 'utf-8',
    separator: ';',
  };
  const onInvalid = (line: CheckedLine) => {
    preview.rows++;
    preview.rejected++;
    if (preview.problems.length < IMPORT_PREVIEW_MAX_ERRORS) {
      preview.problems.push({ line: line.line, errors: line.errors });
    }
  };
  for await (const batch of batched(file.lines, onInvalid)) {
    const registered = await service.registeredTaxIds(batch.map((line) => (line.company as CompanyCreate).tax_id));
    for (const line of batch) {
      preview.rows++;
      if (registered.has((line.company as CompanyCreate).tax_id)) {
        preview.ignored++;
        if (preview.ignored_lines.length < IMPORT_PREVIEW_MAX_ERRORS) preview.ignored_lines.push(line.line);
      } else preview.valid++;
    }
  }
  // Problems are listed in file order: invalid lines are reported as read, valid ones a batch later.
  preview.problems.sort((a, b) => a.line - b.line);
  return { ...preview, encoding: file.encoding(), separator: file.separator() };
}

/**
 * Imports the file's valid lines, a batch per transaction (all of a batch or none), and tells how it
 * goes: a progress event after each batch, then the summary. A batch that fails stops the import with an
 * error event; the batches before it stay (each one is whole, and on record).
 */
export async function* runImport(
  file: CheckedFile,
  service: CompaniesService,
  actor: Actor,
): AsyncGenerator<ImportEvent> {
  let rows = 0;
  let created = 0;
  let ignored = 0;
  let rejected = 0;
  try {
    for await (const batch of batched(file.lines, () => {
      rows++;
      rejected++;
    })) {
      const companies = batch.map((line) => line.company as CompanyCreate);
      const added = await service.importBatch(actor, companies);
      rows += batch.length;
      created += added;
      ignored += batch.length - added;
      yield { type: 'progress', processed: rows, created };
    }
  } catch (error) {
    const detail = error instanceof HttpError && typeof error.detail === 'string' ? error.detail : undefined;
    yield {
      type: 'error',
      detail: detail ?? 'A importação parou por um erro no servidor; as linhas já importadas foram mantidas.',
      created,
    };
    return;
  }
  yield { type: 'summary', rows, created, ignored, rejected };
}

/** The file's lines with an error, as a CSV the user can fix and import again: its columns plus Linha and Erros. */
export async function* rejectedLinesCsv(file: CheckedFile): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord([...file.header, 'Linha', 'Erros'])}`;
  for await (const line of file.lines) {
    if (line.company) continue;
    // Read back as the import reads them, then written as the export writes: a defused cell stays as it came.
    yield csvRecord([...line.cells.map(restoreFormulas), String(line.line), line.errors.join(' | ')]);
  }
}
