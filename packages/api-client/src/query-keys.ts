import type { AuditEventsQuery, CompaniesFilter, CompanySort } from '@backoffice/contracts';

/** What narrows the activity list (its page is the cursor, not part of the key). */
export type AuditEventsFilter = Omit<AuditEventsQuery, 'cursor' | 'limit'>;

/** Every query key of the product, built here and nowhere else. */
export const queryKeys = {
  /** Spec §3: the current user is held under the key `currentUser`. */
  currentUser: ['currentUser'] as const,
  /** Whether a recovery link still works (its token is a secret: kept in memory only, never persisted). */
  resetLink: (token: string) => ['resetLink', token] as const,
  users: {
    all: ['users'] as const,
    page: (page: number) => ['users', 'page', page] as const,
    summary: ['users', 'summary'] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    choices: ['users', 'choices'] as const,
  },
  companies: {
    all: ['companies'] as const,
    /** The filter as its schema gave it (no empty values); an absent order is newest first. */
    page: (page: number, filter: CompaniesFilter, sort?: CompanySort) =>
      ['companies', 'list', { page, ...filter, sort: sort ?? 'newest' }] as const,
    summary: ['companies', 'summary'] as const,
    detail: (id: string) => ['companies', 'detail', id] as const,
    history: (id: string) => ['companies', 'history', id] as const,
    related: (id: string) => ['companies', 'related', id] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filter: AuditEventsFilter) => ['audit', 'list', filter] as const,
    user: (id: string) => ['audit', 'user', id] as const,
  },
};
