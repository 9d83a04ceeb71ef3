import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';

const PAGES = [
  { path: '/login', hasForm: true },
  { path: '/signup', hasForm: true },
  { path: '/recover-password', hasForm: true },
  { path: '/reset-password?token=some-token', hasForm: true },
  { path: '/reset-password', hasForm: false },
];

test.describe('account pages: no serious or critical axe violation', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const { path, hasForm } of PAGES) {
      test(`${path} in ${theme} mode, empty and with every field in error`, async ({ page }) => {
        await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
        // The reset page checks its link as it opens: the made-up one is taken as usable, to reach the form.
        await page.route('**/api/v1/reset-password/check', (route) =>
          route.fulfill({ json: { message: 'The reset link can be used' } }),
        );
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectNoSeriousA11yViolations(page);
        if (!hasForm) return;
        // Submitted from the keyboard: a pointer left over the button would measure its hover colour.
        await page.getByRole('textbox').first().press('Enter');
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});
