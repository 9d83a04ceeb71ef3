/**
 * How numbers and dates read in Brazil (`1.000.001`, `23/11/2026`): the one place the product formats
 * them. `Intl` formatters are costly to build, so each is built once and reused.
 */
const LOCALE = 'pt-BR';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });

const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A count or any whole number: `1000001` → `1.000.001`. */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/** A calendar date: `23/11/2026`. */
export function formatDate(value: Date | string | number): string {
  return dateFormat.format(asDate(value));
}

/** A date with its time: `23/11/2026, 14:05`. */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(asDate(value));
}

/** The singular and plural of what is counted: `{ one: 'empresa', other: 'empresas' }`. */
export interface CountNoun {
  one: string;
  other: string;
}

/**
 * A total as people read it: `1 empresa`, `1.234 empresas`, and `mais de 10.000 empresas` when the
 * count is only a lower bound (`exact` false), so the screen never states a number it does not know.
 */
export function formatCount(count: number, noun: CountNoun, exact = true): string {
  const words = `${formatNumber(count)} ${count === 1 ? noun.one : noun.other}`;
  return exact ? words : `mais de ${formatNumber(count)} ${noun.other}`;
}
