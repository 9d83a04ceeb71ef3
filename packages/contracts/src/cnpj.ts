import { CNPJ_LENGTH } from './constants.js';

/**
 * CNPJ helpers for the numeric CNPJ and the alphanumeric CNPJ issued by Receita Federal since
 * July 2026 (IN RFB 2.229/2024): 12 characters 0-9 or A-Z, then 2 numeric check digits, each
 * computed modulo 11 with a character's value being its ASCII code minus 48.
 */

const MASK_CHARACTERS = /[./\-\s]/g;
const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Drops the mask characters (`.`, `/`, `-`, spaces) and upper-cases letters. */
export function normalizeCnpj(value: string): string {
  return value.replace(MASK_CHARACTERS, '').toUpperCase();
}

function checkDigit(base: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += (base.charCodeAt(i) - 48) * (weights[i] as number);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a 12-character CNPJ base (already normalised). */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, FIRST_WEIGHTS);
  const second = checkDigit(base + String(first), SECOND_WEIGHTS);
  return `${first}${second}`;
}

/**
 * The numeric CNPJ of establishment `order` (1: the matriz, 0001) of the company whose root — the first
 * 8 characters — is `root`, check digits included.
 */
export function cnpjOf(root: string | number, order = 1): string {
  const base = `${String(root).padStart(8, '0')}${String(order).padStart(4, '0')}`;
  return base + cnpjCheckDigits(base);
}

export type CnpjProblem = 'length' | 'check-digits';

/**
 * What is wrong with a CNPJ, or `null` when it is valid. `length` covers a wrong length or a
 * character outside 0-9/A-Z; `check-digits` a wrong pair of check digits, or a base made of one
 * repeated character (such as 00.000.000/0000-00), which Receita never issues.
 */
export function cnpjProblem(value: string): CnpjProblem | null {
  const cnpj = normalizeCnpj(value);
  if (!CNPJ_SHAPE.test(cnpj)) return 'length';
  if (/^(.)\1+$/.test(cnpj)) return 'check-digits';
  return cnpj.slice(12) === cnpjCheckDigits(cnpj.slice(0, 12)) ? null : 'check-digits';
}

export function isValidCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** Formats a CNPJ as `00.000.000/0000-00`; partial input is masked as far as it goes (for typing). */
export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value)
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, CNPJ_LENGTH);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0] as string;
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}
