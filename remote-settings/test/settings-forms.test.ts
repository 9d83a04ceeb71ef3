import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { changePasswordDefaults, changePasswordSchema, profileSchema } from '../src/forms/settings-forms';

function nested(result: v.SafeParseResult<v.GenericSchema>) {
  return result.success ? {} : v.flatten(result.issues).nested;
}

describe('profile rules (spec §5)', () => {
  it('limits the full name to 30 characters', () => {
    expect(nested(v.safeParse(profileSchema, { full_name: 'a'.repeat(31), email: 'a@example.com' }))).toEqual({
      full_name: ['Full Name must be at most 30 characters'],
    });
    expect(nested(v.safeParse(profileSchema, { full_name: 'a'.repeat(30), email: 'a@example.com' }))).toEqual({});
    expect(nested(v.safeParse(profileSchema, { full_name: '', email: 'a@example.com' }))).toEqual({});
  });

  it('requires a well-formed e-mail', () => {
    expect(nested(v.safeParse(profileSchema, { full_name: '', email: '' }))).toEqual({
      email: ['Email is required', 'Endereço de email inválido'],
    });
    expect(nested(v.safeParse(profileSchema, { full_name: '', email: 'ana@' }))).toEqual({
      email: ['Endereço de email inválido'],
    });
  });
});

describe('change password rules (spec §5)', () => {
  it('requires every field and applies the shared password rule', () => {
    expect(nested(v.safeParse(changePasswordSchema, changePasswordDefaults))).toEqual({
      current_password: ['Senha atual é obrigatória'],
      new_password: ['Password is required', 'Password must be at least 8 characters'],
      confirm_password: ['Confirmação de senha é obrigatória'],
    });
    expect(
      nested(
        v.safeParse(changePasswordSchema, { current_password: 'x', new_password: 'short', confirm_password: 'short' }),
      ),
    ).toEqual({ new_password: ['Password must be at least 8 characters'] });
  });

  it('needs the confirmation to match the new password', () => {
    const input = { current_password: 'old-password', new_password: 'new-password-1', confirm_password: 'other-one' };
    expect(nested(v.safeParse(changePasswordSchema, input))).toEqual({ confirm_password: ['A senha não confere'] });
    expect(nested(v.safeParse(changePasswordSchema, { ...input, confirm_password: input.new_password }))).toEqual({});
  });
});
