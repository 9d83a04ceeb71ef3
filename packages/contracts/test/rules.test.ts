import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SORTS,
  CompaniesExportQuerySchema,
  CompaniesFilterSchema,
  CompaniesListQuerySchema,
  CompaniesSortSchema,
  CompanyCreateSchema,
  emailRule,
  fullNameRule,
  legalNameRule,
  normalizeOrigin,
  PartnerKeyCreateSchema,
  partnerKeyNameRule,
  passwordRule,
  profileFullNameRule,
  ruleMessages,
  signupFullNameRule,
  tradingNameRule,
  UpdatePasswordSchema,
  UserRegisterSchema,
  withPasswordsMatch,
} from '../src/index.js';

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => i.message);
};

describe('shared rules', () => {
  it('shows every e-mail error at once', () => {
    expect(messagesOf(emailRule, '')).toEqual(['Email is required', 'Endereço de email inválido']);
    expect(messagesOf(emailRule, 'nope')).toEqual(['Endereço de email inválido']);
    expect(messagesOf(emailRule, ' ana@example.com ')).toEqual([]);
  });
  it('requires passwords of at least 8 characters', () => {
    expect(messagesOf(passwordRule, '')).toEqual(['Password is required', 'Password must be at least 8 characters']);
    expect(messagesOf(passwordRule, '1234567')).toEqual(['Password must be at least 8 characters']);
    expect(messagesOf(passwordRule, '12345678')).toEqual([]);
  });
  it('checks the password confirmation', () => {
    const input = { current_password: 'old-password', new_password: 'new-password', confirm_password: 'other' };
    expect(messagesOf(UpdatePasswordSchema, input)).toEqual(['A senha não confere']);
  });
  it('drops role and status keys on sign-up', () => {
    const out = v.parse(UserRegisterSchema, {
      email: 'a@b.co',
      password: '12345678',
      full_name: 'Ana',
      is_superuser: true,
      is_active: false,
    });
    expect(out).toEqual({ email: 'a@b.co', password: '12345678', full_name: 'Ana' });
  });
  it('gives companies the spec defaults', () => {
    const out = v.parse(CompanyCreateSchema, { trading_name: 'X', legal_name: 'Y', tax_id: '11.222.333/0001-81' });
    expect(out).toMatchObject({ type: 'filial', is_active: true, tax_id: '11222333000181' });
  });
  it('coerces and bounds list query strings', () => {
    expect(v.parse(CompaniesListQuerySchema, {})).toMatchObject({ skip: 0, limit: 100 });
    expect(v.parse(CompaniesListQuerySchema, { skip: '5', limit: '10', is_active: 'false' })).toMatchObject({
      skip: 5,
      limit: 10,
      is_active: false,
    });
    for (const bad of [
      { limit: '0' },
      { limit: '101' },
      { skip: '-1' },
      { skip: 'abc' },
      { is_active: 'yes' },
      { type: 'x' },
    ]) {
      expect(v.safeParse(CompaniesListQuerySchema, bad).success).toBe(false);
    }
  });
});

describe('companies filter', () => {
  it('is the filter part of the list query, from the same entries', () => {
    const filter = v.parse(CompaniesFilterSchema, { search: ' acme ', type: 'matriz', is_active: 'true', skip: '5' });
    expect(filter).toEqual({ search: 'acme', type: 'matriz', is_active: true });
    // Normalised once, here: an empty search (spaces only) or type is no filter, as an absent one.
    expect(v.parse(CompaniesFilterSchema, { search: '   ', type: '' })).toEqual({});
    expect(Object.keys(CompaniesListQuerySchema.entries).sort()).toEqual(
      ['is_active', 'limit', 'search', 'skip', 'sort', 'type'].sort(),
    );
    expect(CompaniesListQuerySchema.entries.search).toBe(CompaniesFilterSchema.entries.search);
  });

  it('takes the export query as the list does, without paging', () => {
    expect(Object.keys(CompaniesExportQuerySchema.entries).sort()).toEqual(['is_active', 'search', 'sort', 'type']);
    expect(CompaniesExportQuerySchema.entries.sort).toBe(CompaniesListQuerySchema.entries.sort);
  });

  it('reads sort from its whitelist: empty or absent is newest, anything else is refused', () => {
    const sortOf = (sort: unknown) => v.safeParse(CompaniesSortSchema, sort === undefined ? {} : { sort });
    expect(sortOf(undefined).output).toEqual({ sort: 'newest' });
    expect(sortOf('').output).toEqual({ sort: 'newest' });
    for (const sort of COMPANY_SORTS) expect(sortOf(sort).output).toEqual({ sort });
    for (const sort of ['name', '-newest', 'Trading_name', ' cnpj', 1]) {
      const result = sortOf(sort);
      expect(result.success, String(sort)).toBe(false);
      expect(result.issues?.[0]?.message).toBe(ruleMessages.companySortInvalid);
    }
  });
});

describe('partner keys', () => {
  it('accepts real origins only, normalised as browsers send them', () => {
    expect(normalizeOrigin('https://Portal.Example.com')).toBe('https://portal.example.com');
    expect(normalizeOrigin(' https://portal.example.com:443/ ')).toBe('https://portal.example.com');
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
    for (const notAnOrigin of [
      '*',
      'https://*.example.com',
      'null',
      'portal.example.com',
      'ftp://portal.example.com',
      'https://portal.example.com/embed',
      'https://portal.example.com?x=1',
      'https://portal.example.com#top',
      'https://user:pass@portal.example.com',
      'https://portal.example.com\\embed',
      'https://portal example.com',
      'https://portal.example.com:99999',
      'https://',
    ]) {
      expect(normalizeOrigin(notAnOrigin), notAnOrigin).toBeNull();
    }
  });

  it('reads a creation with read access by default, origins deduplicated, and every problem named', () => {
    expect(
      v.parse(PartnerKeyCreateSchema, {
        name: ' Portal Sul ',
        origins: ['https://portal.example.com', 'https://PORTAL.example.com/'],
      }),
    ).toEqual({ name: 'Portal Sul', origins: ['https://portal.example.com'], access: 'read' });
    expect(messagesOf(PartnerKeyCreateSchema, { name: '', origins: [], access: 'admin' })).toEqual([
      ruleMessages.partnerKeyNameRequired,
      ruleMessages.partnerKeyOriginsRequired,
      ruleMessages.partnerKeyAccessInvalid,
    ]);
    expect(messagesOf(PartnerKeyCreateSchema, { name: 'P', origins: ['*'] })).toEqual([
      ruleMessages.partnerKeyOriginInvalid,
    ]);
  });
});

describe('withPasswordsMatch', () => {
  const schema = (notGiven: readonly ('' | undefined)[]) =>
    withPasswordsMatch(
      v.object({
        email: v.pipe(v.string(), v.email('bad e-mail')),
        new_password: v.string(),
        again: v.optional(v.string()),
      }),
      { password: 'new_password', confirmation: 'again', message: 'differ', notGiven },
    );
  const issues = (s: ReturnType<typeof schema>, input: unknown) =>
    (v.safeParse(s, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);

  it('reports a mismatch on the confirmation, even while another field is invalid', () => {
    expect(issues(schema([]), { email: 'a@b.co', new_password: 'x', again: 'y' })).toEqual([['again', 'differ']]);
    expect(issues(schema([]), { email: 'nope', new_password: 'x', again: 'y' })).toEqual([
      ['email', 'bad e-mail'],
      ['again', 'differ'],
    ]);
    expect(issues(schema([]), { email: 'a@b.co', new_password: 'x', again: 'x' })).toEqual([]);
  });

  it('lets a confirmation that is not given pass only when the form says so', () => {
    expect(issues(schema(['']), { email: 'a@b.co', new_password: 'x', again: '' })).toEqual([]);
    expect(issues(schema([]), { email: 'a@b.co', new_password: 'x', again: '' })).toEqual([['again', 'differ']]);
    expect(issues(schema([undefined]), { email: 'a@b.co', new_password: 'x' })).toEqual([]);
    expect(issues(schema(['']), { email: 'a@b.co', new_password: 'x' })).toEqual([['again', 'differ']]);
  });
});

describe('readable names (issue 24)', () => {
  const invisible = [
    '\u200B',
    '\u200B\u200C\u200D',
    ' \u2060\uFEFF ',
    '\u3164\u3164\u3164',
    '\u2800\u2800\u2800',
    '\u200E\u200F\u200E',
  ];
  const bidi = ['Loja\u202Eexe.txt', '\u202EAna Souza', 'Padaria \u2067São\u2069 João', 'Ana\u202ASouza\u202C'];
  const rules = [
    ['the full name as stored', fullNameRule],
    ['the sign-up full name', signupFullNameRule],
    ['the own-profile full name', profileFullNameRule],
    ['Nome Fantasia', tradingNameRule],
    ['Razão Social', legalNameRule],
    ['a partner key name', partnerKeyNameRule],
  ] as const;

  it.each(rules)('%s refuses a name made only of invisible characters', (_what, rule) => {
    for (const name of invisible)
      expect(messagesOf(rule, name), JSON.stringify(name)).toContain(ruleMessages.nameInvisible);
  });

  it.each(rules)('%s refuses bidi embeddings, overrides and isolates', (_what, rule) => {
    for (const name of bidi)
      expect(messagesOf(rule, name), JSON.stringify(name)).toContain(ruleMessages.nameBidiControl);
  });

  it.each(rules)('%s keeps accepting real names, accents, joiners inside words and RTL marks', (_what, rule) => {
    for (const name of ['Ana Souza', 'José da Silva', 'Conceição', 'e\u0301lan', 'Mu\u200Dller', 'שרה\u200F Cohen']) {
      expect(messagesOf(rule, name), JSON.stringify(name)).toEqual([]);
    }
  });

  it('leaves an empty optional name alone, and a required one to its own message', () => {
    expect(messagesOf(fullNameRule, '')).toEqual([]);
    expect(messagesOf(signupFullNameRule, '')).toEqual([
      'Full Name is required',
      'Full Name must be at least 3 characters',
    ]);
  });

  it('answers the same through the schemas the API validates with', () => {
    const company = { legal_name: 'Razão', tax_id: '11222333000181', type: 'matriz', trading_name: '\u200B\u200B' };
    expect(messagesOf(CompanyCreateSchema, company)).toEqual([ruleMessages.nameInvisible]);
    const signup = { email: 'ana@example.com', password: 'password-1', full_name: 'Ana \u202Eanuk' };
    expect(messagesOf(UserRegisterSchema, signup)).toEqual([ruleMessages.nameBidiControl]);
  });
});
