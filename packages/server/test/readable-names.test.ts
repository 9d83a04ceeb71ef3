import { ruleMessages } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { detail, testAppPerSuite } from './support/app.js';

/**
 * Names made only of invisible characters, or holding a bidi override (issue 24), are refused by every
 * endpoint that takes a name, with the contracts' Portuguese message, and nothing is stored.
 */
const t = testAppPerSuite();

const zeroWidth = '\u200B\u200C\u200D';
const override = 'Ana \u202Eazuos';

describe('readable names', () => {
  it('sign-up, own profile and the admin screen refuse them', async () => {
    const signup = await t.post('users/signup', undefined, {
      email: 'bidi@example.com',
      password: 'password-123',
      full_name: override,
    });
    expect(signup.statusCode).toBe(422);
    expect(detail(signup)).toEqual([expect.objectContaining({ msg: ruleMessages.nameBidiControl })]);
    expect(await t.app.usersRepository.findByEmail('bidi@example.com')).toBeUndefined();

    const { user, token } = await t.userToken({ full_name: 'Antes' });
    const own = await t.patch('users/me', token, { full_name: zeroWidth });
    expect(detail(own)).toEqual([expect.objectContaining({ msg: ruleMessages.nameInvisible })]);
    const byAdmin = await t.patch(`users/${user.id}`, t.superuserToken, { full_name: override });
    expect(detail(byAdmin)).toEqual([expect.objectContaining({ msg: ruleMessages.nameBidiControl })]);
    expect((await t.app.usersRepository.findById(user.id))?.full_name).toBe('Antes');
  });

  it('companies refuse them in either name, on create and on edit', async () => {
    const company = { legal_name: 'Razão Ltda', tax_id: '11222333000181', type: 'matriz' };
    const created = await t.post('companies/', t.superuserToken, { ...company, trading_name: zeroWidth });
    expect(created.statusCode).toBe(422);
    expect(detail(created)).toEqual([expect.objectContaining({ msg: ruleMessages.nameInvisible })]);
    const ok = await t.post('companies/', t.superuserToken, { ...company, trading_name: 'Padaria' });
    expect(ok.statusCode).toBe(200);
    const edited = await t.patch(`companies/${ok.json().id}`, t.superuserToken, { legal_name: 'Loja\u202Eexe.txt' });
    expect(detail(edited)).toEqual([expect.objectContaining({ msg: ruleMessages.nameBidiControl })]);
    expect((await t.get(`companies/${ok.json().id}`, t.superuserToken)).json().legal_name).toBe('Razão Ltda');
  });
});
