import { applyListSearch, readListSearch } from '@backoffice/ui/kit';
import { describe, expect, it } from 'vitest';
import { CompaniesSearchSchema, filterOf, hasActiveFilters } from '../src/pages/companies-search';

/** The URL read as the screen reads it, absent values left out (as the URL leaves them). */
const parse = (query: string) =>
  Object.fromEntries(
    Object.entries(readListSearch(CompaniesSearchSchema, new URLSearchParams(query))).filter(
      ([, value]) => value !== undefined,
    ),
  );

describe('companies URL state', () => {
  it('defaults to page 1 with no filter', () => {
    expect(parse('')).toEqual({ page: 1 });
  });

  it('reads page, search, type and is_active', () => {
    expect(parse('page=3&search=padaria&type=matriz&is_active=false')).toEqual({
      page: 3,
      search: 'padaria',
      type: 'matriz',
      is_active: false,
    });
    expect(parse('is_active=true').is_active).toBe(true);
  });

  it.each(['0', '-1', '1.5', 'abc', '', ' ', '2e3', '99999999999999999'])('turns page=%j into page 1', (page) => {
    expect(parse(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it('accepts only matriz or filial as type', () => {
    expect(parse('type=filial').type).toBe('filial');
    for (const type of ['MATRIZ', 'outra', '', ' matriz'])
      expect(parse(`type=${encodeURIComponent(type)}`)).toEqual({ page: 1 });
  });

  it("accepts only 'true' or 'false' as is_active", () => {
    for (const value of ['1', 'yes', 'TRUE', '']) expect(parse(`is_active=${value}`)).toEqual({ page: 1 });
  });

  it('reads sort from the whitelist; an unknown order, or newest, is the default (absent)', () => {
    for (const sort of ['trading_name', '-trading_name', 'legal_name', '-legal_name', 'cnpj', '-cnpj'])
      expect(parse(`sort=${sort}`).sort).toBe(sort);
    for (const sort of ['newest', 'name', 'TRADING_NAME', '--cnpj', '', 'created_at'])
      expect(parse(`sort=${encodeURIComponent(sort)}`), sort).toEqual({ page: 1 });
  });

  it('treats an empty or blank search as absent and trims it', () => {
    expect(parse('search=')).toEqual({ page: 1 });
    expect(parse('search=%20%20')).toEqual({ page: 1 });
    expect(parse('search=%20acme%20').search).toBe('acme');
  });

  it('keeps a search to the API limit of 100 characters', () => {
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('tells a filtered list from an unfiltered one', () => {
    const filter = (query: string) => filterOf(readListSearch(CompaniesSearchSchema, new URLSearchParams(query)));
    expect(hasActiveFilters(filter('page=2'))).toBe(false);
    expect(hasActiveFilters(filter('search=x'))).toBe(true);
    expect(hasActiveFilters(filter('type=matriz'))).toBe(true);
    expect(hasActiveFilters(filter('is_active=false'))).toBe(true);
  });
});

describe('changing the companies URL state', () => {
  const apply = (query: string, changes: Record<string, unknown>) =>
    applyListSearch(new URLSearchParams(query), changes).toString();

  it('resets the page to 1 when a filter changes', () => {
    expect(apply('page=4&type=matriz', { search: 'acme' })).toBe('type=matriz&search=acme');
    expect(apply('page=4', { type: 'filial' })).toBe('type=filial');
    expect(apply('page=4&is_active=true', { is_active: undefined })).toBe('');
  });

  it('keeps the filters when only the page changes, and leaves page 1 out of the URL', () => {
    expect(apply('search=acme', { page: 2 })).toBe('search=acme&page=2');
    expect(apply('search=acme&page=2', { page: 1 })).toBe('search=acme');
  });

  it('drops empty values and keeps parameters it does not own (a host page’s)', () => {
    expect(apply('portal=7&search=acme', { search: '' })).toBe('portal=7');
    expect(apply('portal=7', { is_active: false })).toBe('portal=7&is_active=false');
  });
});
