export { type Call, fakeApi, renderPage } from '@backoffice/ui/testing/page-harness';

import type { UserPublic } from '@backoffice/contracts';

export const me: UserPublic = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  full_name: 'Ana Lima',
  is_active: true,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
};
