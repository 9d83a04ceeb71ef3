import type { Company } from '@backoffice/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changedCompanyFields,
  createCompanyDefaults,
  createCompanySchema,
  editCompanySchema,
  maskCnpjInput,
} from '../src/forms/company-form';

const VALID = '11222333000181';
const VALID_ALPHANUMERIC = '12ABC34501DE35';

function issues(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input, { abortEarly: false });
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? '');
    byField[key] = [...(byField[key] ?? []), issue.message];
  }
  return byField;
}

describe('company create form rules', () => {
  it('defaults to type filial and active (spec §9)', () => {
    expect(createCompanyDefaults()).toMatchObject({ type: 'filial', is_active: true });
  });

  it('requires every name and the CNPJ with the spec messages', () => {
    expect(issues(createCompanySchema, createCompanyDefaults())).toEqual({
      trading_name: ['Nome Fantasia é obrigatório'],
      legal_name: ['Razão Social é obrigatória'],
      tax_id: ['CNPJ é obrigatório'],
    });
    // Blank is empty.
    expect(
      issues(createCompanySchema, { ...createCompanyDefaults(), trading_name: '   ', legal_name: ' ' }),
    ).toMatchObject({
      trading_name: ['Nome Fantasia é obrigatório'],
      legal_name: ['Razão Social é obrigatória'],
    });
  });

  it('needs 14 characters, then valid check digits', () => {
    const form = { ...createCompanyDefaults(), trading_name: 'A', legal_name: 'B' };
    expect(issues(createCompanySchema, { ...form, tax_id: '11.222.333/0001' }).tax_id).toEqual([
      'CNPJ deve conter 14 dígitos',
    ]);
    expect(issues(createCompanySchema, { ...form, tax_id: '11.222.333/0001-82' }).tax_id).toEqual(['CNPJ inválido']);
    expect(issues(createCompanySchema, { ...form, tax_id: '00.000.000/0000-00' }).tax_id).toEqual(['CNPJ inválido']);
  });

  it('outputs the CNPJ without its mask, numeric or alphanumeric, and trims the names', () => {
    const base = { ...createCompanyDefaults(), trading_name: ' Padaria ', legal_name: 'Souza Ltda ' };
    expect(v.parse(createCompanySchema, { ...base, tax_id: '11.222.333/0001-81' })).toEqual({
      trading_name: 'Padaria',
      legal_name: 'Souza Ltda',
      tax_id: VALID,
      type: 'filial',
      is_active: true,
    });
    expect(v.parse(createCompanySchema, { ...base, tax_id: '12.abc.345/01de-35' }).tax_id).toBe(VALID_ALPHANUMERIC);
  });
});

describe('company edit form rules', () => {
  it('has no is_active and requires the type', () => {
    const form = { trading_name: 'A', legal_name: 'B', tax_id: VALID, type: '' };
    expect(issues(editCompanySchema, form)).toEqual({ type: ['Tipo é obrigatório'] });
    expect(v.parse(editCompanySchema, { ...form, type: 'matriz', is_active: false })).toEqual({
      trading_name: 'A',
      legal_name: 'B',
      tax_id: VALID,
      type: 'matriz',
    });
  });

  const company: Company = {
    id: '00000000-0000-4000-8000-000000000001',
    trading_name: 'Padaria',
    legal_name: 'Souza Ltda',
    tax_id: VALID,
    type: 'filial',
    is_active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };

  it('sends nothing when nothing changed, even with the CNPJ shown masked', () => {
    const output = v.parse(editCompanySchema, {
      trading_name: 'Padaria ',
      legal_name: 'Souza Ltda',
      tax_id: '11.222.333/0001-81',
      type: 'filial',
    });
    expect(changedCompanyFields(company, output)).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(
      changedCompanyFields(company, {
        trading_name: 'Padaria Nova',
        legal_name: 'Souza Ltda',
        tax_id: VALID,
        type: 'matriz',
      }),
    ).toEqual({ trading_name: 'Padaria Nova', type: 'matriz' });
    expect(changedCompanyFields(company, { ...company, tax_id: VALID_ALPHANUMERIC })).toEqual({
      tax_id: VALID_ALPHANUMERIC,
    });
  });
});

describe('CNPJ mask while typing', () => {
  it('formats as 00.000.000/0000-00, partial input as far as it goes', () => {
    expect(maskCnpjInput('11').value).toBe('11');
    expect(maskCnpjInput('112').value).toBe('11.2');
    expect(maskCnpjInput('112223').value).toBe('11.222.3');
    expect(maskCnpjInput('112223330').value).toBe('11.222.333/0');
    expect(maskCnpjInput('1122233300018').value).toBe('11.222.333/0001-8');
    expect(maskCnpjInput(VALID).value).toBe('11.222.333/0001-81');
  });

  it('upper-cases letters (alphanumeric CNPJ), drops other characters and stops at 14', () => {
    expect(maskCnpjInput('12abc34501de35').value).toBe('12.ABC.345/01DE-35');
    expect(maskCnpjInput('11 222*333_0001#81').value).toBe('11.222.333/0001-81');
    expect(maskCnpjInput(`${VALID}999`).value).toBe('11.222.333/0001-81');
  });

  it('keeps the caret after the character just typed, also in the middle', () => {
    // Typed "2" at the end of "11": caret after it, past the inserted dot.
    expect(maskCnpjInput('112', 3)).toEqual({ value: '11.2', caret: 4 });
    // Typed "9" after the first character of "11.222": caret right after the 9.
    expect(maskCnpjInput('191.222', 2)).toEqual({ value: '19.122.2', caret: 2 });
    expect(maskCnpjInput('', 0)).toEqual({ value: '', caret: 0 });
  });
});
