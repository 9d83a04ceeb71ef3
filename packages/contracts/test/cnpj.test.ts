import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cnpjOf,
  cnpjProblem,
  formatCnpj,
  isValidCnpj,
  normalizeCnpj,
  taxIdRule,
} from '../src/index.js';

const BASE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const baseChar = fc.constantFrom(...BASE_CHARS.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const numericBase = fc.array(digit, { minLength: 12, maxLength: 12 }).map((a) => a.join(''));
const alphanumericBase = fc.array(baseChar, { minLength: 12, maxLength: 12 }).map((a) => a.join(''));
const notRepeated = (base: string) => !/^(.)\1+$/.test(base);
const validCnpj = fc
  .oneof(numericBase, alphanumericBase)
  .filter(notRepeated)
  .map((base) => base + cnpjCheckDigits(base));

describe('CNPJ reference examples', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['11222333000181', '11222333000181'],
    ['04.252.011/0001-10', '04252011000110'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
  ])('%s is valid and normalises to %s', (input, normalised) => {
    expect(normalizeCnpj(input)).toBe(normalised);
    expect(isValidCnpj(input)).toBe(true);
  });

  it.each([
    ['11.222.333/0001-82', 'check-digits'],
    ['12.ABC.345/01DE-36', 'check-digits'],
    ['00.000.000/0000-00', 'check-digits'],
    ['1122233300018', 'length'],
    ['112223330001811', 'length'],
    ['11.222.333/0001-8A', 'length'],
    ['11.222.333/0001-8!', 'length'],
    ['', 'length'],
  ])('%s is rejected (%s)', (input, problem) => {
    expect(cnpjProblem(input)).toBe(problem);
  });

  it('builds the CNPJ of a root and an establishment order, check digits included', () => {
    expect(cnpjOf('11222333')).toBe('11222333000181');
    expect(cnpjOf(4_252_011)).toBe('04252011000110');
    expect(cnpjOf('12ABC345', 2)).toBe(`12ABC3450002${cnpjCheckDigits('12ABC3450002')}`);
    expect(isValidCnpj(cnpjOf(11_222_333, 42))).toBe(true);
  });

  it('formats partial input while typing', () => {
    expect(formatCnpj('1122')).toBe('11.22');
    expect(formatCnpj('11222333')).toBe('11.222.333');
    expect(formatCnpj('112223330001')).toBe('11.222.333/0001');
    expect(formatCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });
});

describe('CNPJ properties', () => {
  it('format then normalise gives back the normalised CNPJ', () => {
    fc.assert(
      fc.property(validCnpj, (cnpj) => {
        const formatted = formatCnpj(cnpj);
        expect(formatted).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
        expect(normalizeCnpj(formatted)).toBe(cnpj);
        expect(formatCnpj(normalizeCnpj(formatted))).toBe(formatted);
        expect(isValidCnpj(formatted)).toBe(true);
      }),
    );
  });

  it('changing a check digit always makes a CNPJ invalid', () => {
    fc.assert(
      fc.property(validCnpj, fc.integer({ min: 12, max: 13 }), digit, (cnpj, at, replacement) => {
        fc.pre(cnpj[at] !== replacement);
        const changed = cnpj.slice(0, at) + replacement + cnpj.slice(at + 1);
        expect(isValidCnpj(changed)).toBe(false);
      }),
    );
  });

  /*
   * Modulo 11 cannot see every single change of a base character: a change of value by a multiple
   * of 11 (only possible with letters, e.g. '6' -> 'A') leaves both sums unchanged, and a remainder
   * moving between 0 and 1 gives the same check digit 0. Every other change must be caught; this
   * predicate names exactly the blind cases from the sums, independently of the validator.
   */
  function blindToChange(cnpj: string, at: number, replacement: string): boolean {
    const value = (c: string) => c.charCodeAt(0) - 48;
    const delta = value(replacement) - value(cnpj[at] as string);
    if (delta % 11 === 0) return true;
    const first = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const second = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rem = (s: string, w: number[]) => w.reduce((acc, wi, i) => acc + value(s[i] as string) * wi, 0) % 11;
    const changed = cnpj.slice(0, at) + replacement + cnpj.slice(at + 1);
    const collapses = (a: number, b: number) => a !== b && a < 2 && b < 2;
    return collapses(rem(cnpj, first), rem(changed, first)) && collapses(rem(cnpj, second), rem(changed, second));
  }

  it('changing one base character makes a CNPJ invalid unless modulo 11 is blind to that change', () => {
    fc.assert(
      fc.property(validCnpj, fc.integer({ min: 0, max: 11 }), baseChar, (cnpj, at, replacement) => {
        fc.pre(cnpj[at] !== replacement);
        const changed = cnpj.slice(0, at) + replacement + cnpj.slice(at + 1);
        fc.pre(notRepeated(changed.slice(0, 12)));
        expect(isValidCnpj(changed)).toBe(blindToChange(cnpj, at, replacement));
      }),
      { numRuns: 5000 },
    );
  });

  it('numeric CNPJs catch a single changed digit except for rare remainder collapses', () => {
    let blind = 0;
    let total = 0;
    fc.assert(
      fc.property(numericBase.filter(notRepeated), fc.integer({ min: 0, max: 11 }), digit, (base, at, d) => {
        const cnpj = base + cnpjCheckDigits(base);
        fc.pre(cnpj[at] !== d);
        total++;
        if (isValidCnpj(cnpj.slice(0, at) + d + cnpj.slice(at + 1))) blind++;
      }),
      { numRuns: 5000 },
    );
    expect(blind / total).toBeLessThan(0.02);
  });
});

describe('taxIdRule', () => {
  const messages = (input: unknown) => {
    const result = v.safeParse(taxIdRule, input);
    return result.success ? [] : result.issues.map((i) => i.message);
  };

  it('outputs the normalised CNPJ', () => {
    expect(v.parse(taxIdRule, '12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('says which rule failed, in Portuguese', () => {
    expect(messages('')).toEqual(['CNPJ é obrigatório']);
    expect(messages('123')).toEqual(['CNPJ deve conter 14 dígitos']);
    expect(messages('11.222.333/0001-80')).toEqual(['CNPJ inválido']);
  });
});
