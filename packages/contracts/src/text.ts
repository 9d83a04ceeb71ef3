/**
 * Search text normalisation shared by the server (stored search column) and any client that
 * highlights matches: lower-case, accents removed, white space collapsed.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
