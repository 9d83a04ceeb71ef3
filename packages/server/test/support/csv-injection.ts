/**
 * Company names that a spreadsheet would run as formulas, each after a different separator a reader
 * may split on (comma, tab, semicolon, pipe, line break), and one harmless name beside them: the export's
 * defusing and the import's restoring are both tested on these.
 */
export const FORMULA_NAMES = [
  'X,=SUM(1+1)',
  'Mercado\t=1+2',
  'Loja;@HYPERLINK("http://evil")',
  'A|-2+3',
  'Linha\n+1',
] as const;

export const HARMLESS_NAME = 'Só texto, sem fórmula - nem perigo';
