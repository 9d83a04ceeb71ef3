export { type Call, fakeApi, renderPage } from '@backoffice/ui/testing/page-harness';

import type { UserPublic } from '@backoffice/contracts';
import { screen } from '@testing-library/react';

export const admin: UserPublic = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  full_name: 'Admin Root',
  is_active: true,
  is_superuser: true,
  created_at: '2026-01-01T00:00:00Z',
};

export function makeUser(i: number, fields: Partial<UserPublic> = {}): UserPublic {
  return {
    id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
    email: `user${i}@example.com`,
    full_name: `User ${i}`,
    is_active: true,
    is_superuser: false,
    created_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

/** The table row that shows `text` (rows have no accessible name of their own). */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No table row shows ${text}`);
  return row;
}
