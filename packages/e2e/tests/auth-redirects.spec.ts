import { expect, test } from '../src/fixtures.js';

const ACCOUNT_PAGES = ['/login', '/signup', '/recover-password', '/reset-password?token=whatever'];

test.describe('account pages for a logged-in user', () => {
  for (const path of ACCOUNT_PAGES) {
    test(`${path} redirects to /`, async ({ page, api, signIn }) => {
      const user = await api.createUser({ full_name: 'Dora Lima' });
      await signIn(user.token as string, path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Bem-vindo(a), Dora Lima!')).toBeVisible();
    });
  }
});
