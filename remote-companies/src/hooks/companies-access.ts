import type { PartnerKeyAccess } from '@backoffice/contracts';
import { createContext, useContext } from 'react';

/**
 * What the screen may offer: `read-write` in the product (every user may change companies, spec §6),
 * `read` in an embed whose partner key is read-only, where create, edit and delete would be refused.
 */
export const CompaniesAccessContext = createContext<PartnerKeyAccess>('read-write');

export function useCanChangeCompanies(): boolean {
  return useContext(CompaniesAccessContext) === 'read-write';
}

/**
 * True in the product, false in a partner's embed. What needs a signed-in person (the API refuses an
 * embed token there) is offered only in the product: the company page with its history, the CSV import.
 */
export const SignedInPersonContext = createContext(true);

export function useSignedInPerson(): boolean {
  return useContext(SignedInPersonContext);
}
