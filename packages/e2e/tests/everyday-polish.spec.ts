import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

/** Issue 28: the small defects a picky user found walking every screen. */

test.describe('loading indicators', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`the page spinner is a status named Carregando… with no axe violation (${theme})`, async ({
      page,
      api,
      signIn,
    }) => {
      const user = await api.createUser();
      // The frame shows its spinner until the current user has loaded (spec §2): hold that answer.
      await page.route('**/api/v1/users/me', () => {});
      await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      await signIn(user.token as string, '/settings');
      await expect(page.getByRole('status')).toHaveText('Carregando…');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
