import { type AuditEvent, apiErrors, formatCnpj, ruleMessages as m } from '@backoffice/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, decodeText } from '../src/services/csv-reader.js';
import { detail, testAppPerSuite } from './support/app.js';
import { FORMULA_NAMES, HARMLESS_NAME } from './support/csv-injection.js';
import { taxIdsFrom } from './support/tax-ids.js';

/** CSV import (issue 27): preview, import in batches, rejected lines; every kind of bad line. */
const t = testAppPerSuite();
let token: string;
beforeAll(async () => {
  token = (await t.userToken()).token;
});

const taxId = taxIdsFrom(40_000_000);

const HEADER = 'Nome Fantasia;Razão Social;CNPJ;Tipo;Situação;Cadastrada em (horário de Brasília)';

function upload(path: string, body: string | Buffer, contentType = 'text/csv') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

function events(body: string) {
  return body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
}

describe('the file', () => {
  it('takes back what the export wrote: BOM, `;`, formatted CNPJ, Matriz/Inativa, a defused formula', async () => {
    const names = ['=Formula Ltda', 'Açaí & Cia; "Filial"'];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const res = await t.post('companies/', token, {
        trading_name: name,
        legal_name: `${name} Ltda`,
        tax_id: taxId(),
        type: index === 0 ? 'matriz' : 'filial',
        is_active: index === 0,
      });
      ids.push(res.json().id);
    }
    const exported = (await t.post('companies/export.csv', token, { ids })).body;
    await t.post('companies/bulk', token, { action: 'delete', ids });

    const preview = await upload('import/preview', exported);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      rows: 2,
      valid: 2,
      ignored: 0,
      rejected: 0,
      encoding: 'utf-8',
      separator: ';',
    });

    const res = await upload('import', exported);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(events(res.body).at(-1)).toEqual({ type: 'summary', rows: 2, created: 2, ignored: 0, rejected: 0 });
    const list = (await t.get('companies/?search=ltda', token)).json().data as Record<string, unknown>[];
    expect(list.map((c) => [c.trading_name, c.type, c.is_active]).sort()).toEqual(
      [
        ['=Formula Ltda', 'matriz', true],
        ['Açaí & Cia; "Filial"', 'filial', false],
      ].sort(),
    );
    // Each created company is on record as imported, by the user who imported.
    const history = (await t.get(`companies/${list[0]?.id}/history`, token)).json().data as AuditEvent[];
    expect(history[0]).toMatchObject({ action: 'company.created', reason: 'import', actor: { type: 'user' } });

    // The same file again: every line is registered already, so ignored.
    const again = await upload('import', exported);
    expect(events(again.body).at(-1)).toEqual({ type: 'summary', rows: 2, created: 0, ignored: 2, rejected: 0 });
  });

  it('reads our own export back unchanged, formulas after an inner separator and apostrophes included', async () => {
    const names = [...FORMULA_NAMES, "'=Já com apóstrofo", "Meio,''+dois", "D'Ávila & Filhos", HARMLESS_NAME];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const res = await t.post('companies/', token, {
        trading_name: name,
        legal_name: `-${name} Ltda`,
        tax_id: taxId(),
        type: index % 2 ? 'matriz' : 'filial',
        is_active: index % 3 !== 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    /** The export's rows without their last cell (the creation time, which an import cannot keep). */
    const exportRows = async (selected: string[]) => {
      const body = (await t.post('companies/export.csv', token, { ids: selected })).body;
      const rows: string[][] = [];
      for await (const record of csvRecords(
        (async function* () {
          yield body.replace(/^\uFEFF/, '');
        })(),
        () => {},
      )) {
        rows.push(record.cells.slice(0, -1));
      }
      return rows.slice(1).sort((a, b) => (a[2] ?? '').localeCompare(b[2] ?? ''));
    };
    const before = await exportRows(ids);
    expect(before).toHaveLength(names.length);
    const file = (await t.post('companies/export.csv', token, { ids })).body;
    await t.post('companies/bulk', token, { action: 'delete', ids });

    expect(events((await upload('import', file)).body).at(-1)).toMatchObject({ created: names.length, rejected: 0 });
    const imported = (await t.get(`companies/?search=${encodeURIComponent('Ltda')}&limit=100`, token)).json().data as {
      id: string;
      trading_name: string;
      legal_name: string;
    }[];
    const byName = new Map(imported.map((company) => [company.trading_name, company]));
    for (const name of names) expect(byName.get(name)?.legal_name).toBe(`-${name} Ltda`);
    const after = await exportRows(names.map((name) => byName.get(name)?.id as string));
    expect(after).toEqual(before);

    // A rejected line comes back as it was written, so that once fixed it imports as the export meant.
    const [header, first] = file.replace(/^\uFEFF/, '').split('\r\n');
    const badLine = (first as string).replace(/"\d\d\.\d{3}\.\d{3}\/\d{4}-\d\d"/, '"123"');
    const rejected = (await upload('import/rejected.csv', `${header}\r\n${badLine}\r\n`)).body;
    expect(
      rejected
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]
        ?.slice(0, badLine.length + 4),
    ).toBe(`${badLine};"2"`);
  });

  it('reads `,` files, Latin-1 files, no BOM, LF endings, quoted line breaks, and the API’s column names', async () => {
    const a = taxId();
    const b = taxId();
    const latin1 = Buffer.from(
      `Razão Social,Nome Fantasia,CNPJ,Tipo\nSão João Ltda,"Padaria\nSão João",${formatCnpj(a)},filial\nOutra Ltda,Outra,${b},MATRIZ\n`,
      'latin1',
    );
    const preview = (await upload('import/preview', latin1)).json();
    expect(preview).toMatchObject({ rows: 2, valid: 2, rejected: 0, encoding: 'latin-1', separator: ',' });
    expect(events((await upload('import', latin1)).body).at(-1)).toMatchObject({ created: 2 });
    const created = (await t.get(`companies/?search=${a}`, token)).json().data[0];
    expect(created).toMatchObject({ trading_name: 'Padaria\nSão João', legal_name: 'São João Ltda', is_active: true });

    const api = `trading_name,legal_name,tax_id,type,is_active\nApi,Api Ltda,${taxId()},matriz,false\n`;
    expect((await upload('import/preview', api)).json()).toMatchObject({ valid: 1, rejected: 0 });
  });

  it('refuses a file without the needed columns, an empty one, or another content type, writing nothing', async () => {
    const before = (await t.get('companies/', token)).json().count;
    const noHeader = await upload('import', `Nome;CNPJ\nX;${taxId()}\n`);
    expect(noHeader.statusCode).toBe(422);
    expect(detail(noHeader)).toBe(apiErrors.importHeaderMissing);
    const empty = await upload('import/preview', '');
    expect(empty.statusCode).toBe(422);
    const json = await t.post('companies/import', token, { rows: [] });
    expect(json.statusCode).toBe(415);
    expect((await t.get('companies/', token)).json().count).toBe(before);
  });
});

describe('every kind of bad line', () => {
  const registered = taxId();
  const good = taxId();
  const alphanumeric = `12ABC34501DE35`;
  const wrongDigits = `${taxId().slice(0, 12)}00`;
  const lines = [
    HEADER,
    `Boa;Boa Ltda;${formatCnpj(good)};Matriz;Ativa;`, // 2: valid
    `;Sem Nome Ltda;${taxId()};Filial;Ativa;`, // 3: no trading name
    `Sem Razão;;${taxId()};Filial;Ativa;`, // 4: no legal name
    `Curto;Curto Ltda;123;Filial;Ativa;`, // 5: CNPJ too short
    `Dígitos;Dígitos Ltda;${wrongDigits};Filial;Ativa;`, // 6: wrong check digits
    `Tipo;Tipo Ltda;${taxId()};Loja;Ativa;`, // 7: unknown type
    `Sem Tipo;Sem Tipo Ltda;${taxId()};;Ativa;`, // 8: no type
    `Situação;Situação Ltda;${taxId()};Filial;Talvez;`, // 9: unknown status
    `Colunas;Colunas Ltda;${taxId()}`, // 10: too few columns
    `Repetida;Repetida Ltda;${good};Filial;Ativa;`, // 11: CNPJ of line 2 again
    `Já existe;Já existe Ltda;${registered};Filial;Ativa;`, // 12: registered: ignored
    `Alfa;Alfa Ltda;${alphanumeric};Filial;Inativa;`, // 13: valid, alphanumeric
    '',
  ].join('\r\n');

  beforeAll(async () => {
    await t.post('companies/', token, { trading_name: 'X', legal_name: 'X Ltda', tax_id: registered });
  });

  it('the preview tells each line’s errors in Portuguese and counts what would happen', async () => {
    const res = await upload('import/preview', lines);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ rows: 12, valid: 2, ignored: 1, rejected: 9, ignored_lines: [12] });
    expect(preview.problems).toEqual([
      { line: 3, errors: [m.tradingNameRequired] },
      { line: 4, errors: [m.legalNameRequired] },
      { line: 5, errors: [m.taxIdLength] },
      { line: 6, errors: [m.taxIdInvalid] },
      { line: 7, errors: [m.companyTypeInvalid] },
      { line: 8, errors: [m.companyTypeRequired] },
      { line: 9, errors: [m.companyStatusInvalid] },
      { line: 10, errors: [m.importColumnCount, m.companyTypeRequired] },
      { line: 11, errors: [m.importDuplicateInFile.replace('{line}', '2')] },
    ]);
    // A preview writes nothing.
    expect((await t.get(`companies/?search=${good}`, token)).json().count).toBe(0);
  });

  it('the import creates the valid lines only and sums it up; the rejected lines come back as CSV', async () => {
    const res = await upload('import', lines);
    const stream = events(res.body);
    expect(stream[0]).toMatchObject({ type: 'progress', created: 2 });
    expect(stream.at(-1)).toEqual({ type: 'summary', rows: 12, created: 2, ignored: 1, rejected: 9 });
    expect((await t.get(`companies/?search=${good}`, token)).json().data[0]).toMatchObject({ trading_name: 'Boa' });
    expect((await t.get(`companies/?search=${alphanumeric}`, token)).json().data[0]).toMatchObject({
      is_active: false,
    });

    const rejected = await upload('import/rejected.csv', lines);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-disposition']).toContain('linhas-rejeitadas.csv');
    // Read back without the quotes the export puts around each cell (no cell here holds a quote or a `;`).
    const rows = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((row) => row.replace(/"/g, ''));
    expect(rows[0]).toBe(`${HEADER};Linha;Erros`);
    expect(rows).toHaveLength(10);
    expect(rows[1]).toContain(`;3;${m.tradingNameRequired}`);
    expect(rows.at(-1)).toContain(';11;CNPJ repetido no arquivo');
  });
});

describe('big files', () => {
  it('imports in batches of 1 000, each reported as it is done', async () => {
    const rows = [HEADER];
    for (let i = 0; i < 2_500; i++) rows.push(`Lote ${i};Lote ${i} Ltda;${taxId(50_000_000 + i)};Filial;Ativa;`);
    const stream = events((await upload('import', `${rows.join('\r\n')}\r\n`)).body);
    expect(stream.map((event) => event.type)).toEqual(['progress', 'progress', 'progress', 'summary']);
    expect(stream.map((event) => event.processed ?? event.rows)).toEqual([1000, 2000, 2500, 2500]);
    expect(stream.at(-1)).toMatchObject({ created: 2_500 });
  });
});

describe('reading the stream', () => {
  async function* chunks(...parts: Buffer[]) {
    for (const part of parts) yield new Uint8Array(part);
  }
  async function collect(source: AsyncIterable<string>) {
    const out = [];
    for await (const record of csvRecords(source, () => {})) out.push(record);
    return out;
  }

  it('keeps a UTF-8 character cut between two chunks, and marks bytes that are not UTF-8 further on', async () => {
    const text = Buffer.from('a;b\r\nção;x\r\n', 'utf8');
    const cut = text.indexOf(0xc3) + 1;
    let encoding = '';
    const records = await collect(
      decodeText(
        chunks(text.subarray(0, cut), text.subarray(cut), Buffer.from([0x66, 0xff, 0x3b, 0x79, 0x0a])),
        1_000,
        (found) => {
          encoding = found;
        },
      ),
    );
    expect(encoding).toBe('utf-8');
    expect(records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['ção', 'x'],
      ['f\uFFFD', 'y'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  it('refuses a body past the limit', async () => {
    await expect(collect(decodeText(chunks(Buffer.alloc(600), Buffer.alloc(600)), 1_000, () => {}))).rejects.toThrow(
      apiErrors.importTooLarge,
    );
  });
});
