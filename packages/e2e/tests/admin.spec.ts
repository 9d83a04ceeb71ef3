import type { UserPublic } from '@backoffice/contracts';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures.js';
import {
  actionsButton,
  addDialog,
  editDialog,
  field,
  fillUserDialog,
  notice,
  openRowAction,
  uniqueEmail,
  userRow,
} from '../src/users-area.js';

test.describe('/admin for a super user', () => {
  test('lists users with the spec columns, a You badge and a disabled menu on the own row', async ({
    page,
    api,
    signIn,
  }) => {
    const other = await api.createUser({ full_name: 'Outra Pessoa', is_active: false });
    const me = await api.createUser({ is_superuser: true, full_name: 'Admin Novo' });
    await signIn(me.token as string, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administração de Usuários' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Full name', 'Email', 'Role', 'Status', 'Actions']);

    const ownRow = userRow(page, me.email);
    await expect(ownRow.getByRole('cell')).toHaveText(['Admin NovoYou', me.email, 'Superuser', 'Active', '']);
    await expect(ownRow.getByText('You', { exact: true })).toBeVisible();
    await expect(actionsButton(page, me.email)).toBeDisabled();

    const otherRow = userRow(page, other.email);
    await expect(otherRow.getByRole('cell')).toHaveText(['Outra Pessoa', other.email, 'User', 'Inactive', '']);
    await expect(otherRow.getByText('You', { exact: true })).toHaveCount(0);
    await expect(actionsButton(page, other.email)).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('pages 10 users at a time with the page in the URL and the next page prefetched', async ({
    page,
    api,
    signIn,
  }) => {
    const token = await api.superuserToken();
    for (let i = 0; i < 11; i++) await api.createUser({ full_name: `Paginação ${i}` });
    const secondPage = page.waitForRequest((r) => /\/api\/v1\/users\/\?skip=10&limit=10$/.test(r.url()));
    await signIn(token, '/admin?page=abc');
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11); // header + 10
    await secondPage; // asked for before anyone pressed Próximo
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page).toHaveURL(/\/admin\?page=2$/);
    await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    const { count } = await api.call<{ count: number }>('GET', 'users/?limit=1', token);
    const onPage2 = Math.min(10, count - 10);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(onPage2 + 1);
    if (onPage2 < 10) await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();

    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page).toHaveURL(/\/admin$/); // page 1 is the URL without `page`, as on companies
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);

    await page.goto('/admin?page=0');
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  });

  test('creates a user (inactive ordinary by default) and a super user', async ({ page, api, signIn }) => {
    await signIn(await api.superuserToken(), '/admin');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = addDialog(page);
    await expect(dialog.getByRole('checkbox', { name: 'Superusuário' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Ativo' })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);

    const plain = uniqueEmail('plain');
    await fillUserDialog(dialog, {
      email: plain,
      fullName: 'Pessoa Simples',
      password: 'plain-password-1',
      confirm: 'plain-password-1',
    });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'User created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, plain).getByRole('cell')).toHaveText(['Pessoa Simples', plain, 'User', 'Inactive', '']);

    const boss = uniqueEmail('boss');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    await fillUserDialog(dialog, { email: boss, password: 'boss-password-1', confirm: 'boss-password-1' });
    await dialog.getByText('Superusuário', { exact: true }).click();
    await dialog.getByText('Ativo', { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Superusuário' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(userRow(page, boss).getByRole('cell')).toHaveText(['N/A', boss, 'Superuser', 'Active', '']);
    // The new super user can sign in and list users.
    const bossToken = await api.login(boss, 'boss-password-1');
    expect((await api.call<{ count: number }>('GET', 'users/', bossToken)).count).toBeGreaterThan(1);
  });

  test('shows every validation message and the duplicate e-mail error', async ({ page, api, signIn }) => {
    const taken = await api.createUser();
    await signIn(await api.superuserToken(), '/admin');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = addDialog(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByText('Please confirm your password')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await fillUserDialog(dialog, { email: 'sem-arroba', password: 'curta' });
    await field(dialog, 'Confirmar senha').focus();
    await expect(dialog.getByText('Endereço de email inválido')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await fillUserDialog(dialog, { password: 'long-enough-1', confirm: 'long-enough-2' });
    await field(dialog, 'Full name').focus();
    await expect(dialog.getByText('The passwords do not match')).toBeVisible();

    await fillUserDialog(dialog, { email: taken.email, confirm: 'long-enough-1' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Já existe um usuário com este e-mail.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('edits a user: deactivates, makes super user, and sets a password that then logs in', async ({
    page,
    api,
    signIn,
  }) => {
    const user = await api.createUser({ full_name: 'Para Editar' });
    await signIn(await api.superuserToken(), '/admin');
    await openRowAction(page, user.email, 'Editar');
    const dialog = editDialog(page);
    await expect(field(dialog, 'Email')).toHaveValue(user.email);
    await expect(field(dialog, 'Full name')).toHaveValue('Para Editar');
    await expect(dialog.getByRole('checkbox', { name: 'Ativo' })).toBeChecked();
    await dialog.getByText('Ativo', { exact: true }).click();
    await dialog.getByText('Superusuário', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'User updated successfully.')).toBeVisible();
    await expect(userRow(page, user.email).getByRole('cell')).toHaveText([
      'Para Editar',
      user.email,
      'Superuser',
      'Inactive',
      '',
    ]);

    await openRowAction(page, user.email, 'Editar');
    await expect(dialog.getByRole('checkbox', { name: 'Superusuário' })).toBeChecked();
    await dialog.getByText('Ativo', { exact: true }).click();
    await fillUserDialog(dialog, { password: 'short', passwordLabel: 'Nova senha' });
    await field(dialog, 'Confirmar senha').focus();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await fillUserDialog(dialog, {
      password: 'brand-new-pass-1',
      confirm: 'brand-new-pass-1',
      passwordLabel: 'Nova senha',
    });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, user.email).getByRole('cell').nth(3)).toHaveText('Active');

    const fresh = await api.login(user.email, 'brand-new-pass-1');
    expect((await api.call<UserPublic>('GET', 'users/me', fresh)).is_superuser).toBe(true);
    await expect(api.login(user.email, user.password)).rejects.toThrow(/400/);
  });

  test('deletes a user after the confirmation', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    await signIn(await api.superuserToken(), '/admin');
    await openRowAction(page, user.email, 'Excluir');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      `Tem certeza que deseja excluir Usuário "${user.email}"? Esta ação não pode ser desfeita.`,
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(notice(page, 'Usuário excluído(a) com sucesso.')).toBeVisible();
    await expect(userRow(page, user.email)).toHaveCount(0);
    await expect(api.login(user.email, user.password)).rejects.toThrow(/400/);
  });
});

test.describe('/admin for an ordinary user', () => {
  test('shows no permission and never requests the user list', async ({ page, api, signIn }) => {
    const user = await api.createUser();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/users/') listRequests.push(request.url());
    });
    await signIn(user.token as string, '/admin');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Adicionar usuário' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(listRequests).toEqual([]);
  });
});

test.describe('/admin row layout', () => {
  test('sets the e-mail on the same line as the other cells of its row', async ({ page, api, signIn }) => {
    const other = await api.createUser({ full_name: 'Linha Alinhada' });
    const me = await api.createUser({ is_superuser: true });
    await signIn(me.token as string, '/admin');
    const row = page.getByRole('row').filter({ hasText: other.email });
    await expect(row).toBeVisible();
    // The vertical middle of each cell's text (a Range over its text, whatever element holds it).
    const middles = await row.getByRole('cell').evaluateAll((cells) =>
      cells.slice(0, 3).map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = range.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
    );
    const [name, email, role] = middles as [number, number, number];
    expect(Math.abs(email - name)).toBeLessThanOrEqual(1);
    expect(Math.abs(email - role)).toBeLessThanOrEqual(1);
  });
});
