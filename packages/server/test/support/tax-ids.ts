import { cnpjOf } from '@backoffice/contracts';

/**
 * One test file's CNPJs: `taxId()` is a new matriz's CNPJ at each call, its root counted up from
 * `firstRoot` (each file its own range, so files that share a database never collide);
 * `taxId(root, order)` is that very CNPJ.
 */
export function taxIdsFrom(firstRoot: number) {
  let seq = 0;
  return (root = firstRoot + ++seq, order = 1) => cnpjOf(root, order);
}
