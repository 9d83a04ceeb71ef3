import { CURRENT_USER_QUERY_KEY } from '@backoffice/contracts';
import type { CompaniesFilter } from './companies.js';

/** Every query key of the product, built here and nowhere else. */
export const queryKeys = {
  currentUser: [CURRENT_USER_QUERY_KEY] as const,
  users: {
    all: ['users'] as const,
    page: (page: number) => ['users', 'page', page] as const,
    summary: ['users', 'summary'] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: (filter: CompaniesFilter) =>
      [
        'companies',
        'list',
        {
          page: filter.page,
          search: filter.search ?? '',
          type: filter.type ?? '',
          is_active: filter.is_active ?? null,
        },
      ] as const,
    detail: (id: string) => ['companies', 'detail', id] as const,
    summary: ['companies', 'summary'] as const,
  },
};
