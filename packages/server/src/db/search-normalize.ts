import { type SQL, sql } from 'drizzle-orm';

/**
 * search_normalize (migration 0000) written again in TypeScript, for the terms whose normalisation cannot depend on
 * the database: a search's statements then take the normalised term as a parameter instead of calling the function
 * on it, once for each place the term stands (up to fifteen in one statement). PostgreSQL folds each call while it
 * plans: at a million companies, `padaria sao joao` in CNPJ order planned in 0.72 ms with the calls and 0.42 ms
 * without, and answered in 2.0–2.3 ms against 1.5 (docs/performance.md, 2026-11-30 07:50 UTC section).
 *
 * The database stays the authority: the repository asks it once, with the sample, whether its function writes
 * NORMALIZE_PROBE as this one does (mirroredNormalizeCheck), and calls the function itself when not (another
 * translate table after a migration, or a locale whose lower() differs: Turkish lowers `I` to `ı`).
 */

/** What search_normalize's translate() replaces, and with what (migration 0000, character for character). */
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';
const TRANSLATED = new Map([...ACCENTED].map((char, i) => [char, PLAIN[i] as string]));

/**
 * The characters written here: ASCII's whitespace (what PostgreSQL's `\s` is among them) and printable characters,
 * and Latin-1's letters that translate() replaces or that have no upper case. Others (Latin-1's `Æ`, `Ø`, `Ð`, `Þ`,
 * which lower() changes in some locales and not in C; non-breaking and other Unicode spaces, which `\s` takes in
 * some locales) leave the term to the database.
 */
const MIRRORED = new RegExp(`^[\\t\\n\\v\\f\\r\\x20-\\x7e${ACCENTED}ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ×÷]*$`, 'u');

/** The term as search_normalize writes it, or undefined when it holds a character not mirrored here. */
export function searchNormalize(term: string): string | undefined {
  if (!MIRRORED.test(term)) return undefined;
  let translated = '';
  for (const char of term) translated += TRANSLATED.get(char) ?? char;
  // lower() after translate(), as the function does; only ASCII letters are left to lower.
  return translated.replace(/[\t\n\v\f\r ]+/g, ' ').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Every character searchNormalize writes, and runs of whitespace: the database's function must write it alike. */
export const NORMALIZE_PROBE = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ` \t\n\v\f\r${ACCENTED}ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ×÷`,
  '\t \n\n x\r\n',
].join('');

/** A boolean column: whether the database's search_normalize writes the probe as searchNormalize does. */
export const mirroredNormalizeCheck = () =>
  sql<boolean>`search_normalize(${NORMALIZE_PROBE}) = ${searchNormalize(NORMALIZE_PROBE)}`;

/**
 * The term as the database normalises it, for a statement: the mirrored text as a parameter when the database
 * writes as the mirror does (`mirrored`) and the term holds only mirrored characters; the function's call otherwise.
 */
export function normalisedTerm(search: string, mirrored: boolean): SQL {
  const written = mirrored ? searchNormalize(search) : undefined;
  return written === undefined ? sql`search_normalize(${search})` : sql`${written}::text`;
}
