import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addUserDefaults, addUserSchema, editUserSchema, toUserUpdate } from '../src/forms/user-form';

function messagesOf(schema: typeof addUserSchema | typeof editUserSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? {} : v.flatten(result.issues).nested;
}

const valid = {
  ...addUserDefaults,
  email: 'new@example.com',
  password: 'secret-123',
  confirm_password: 'secret-123',
};

describe('add user rules (spec §5)', () => {
  it('defaults to not super user and inactive', () => {
    expect(addUserDefaults.is_superuser).toBe(false);
    expect(addUserDefaults.is_active).toBe(false);
  });

  it('requires e-mail, password and confirmation', () => {
    expect(messagesOf(addUserSchema, addUserDefaults)).toEqual({
      email: ['Email is required', 'Endereço de email inválido'],
      password: ['Password is required', 'Password must be at least 8 characters'],
      confirm_password: ['Please confirm your password'],
    });
  });

  it('checks the e-mail pattern, the minimum length and the match', () => {
    expect(messagesOf(addUserSchema, { ...valid, email: 'nope' })).toEqual({ email: ['Endereço de email inválido'] });
    expect(messagesOf(addUserSchema, { ...valid, password: 'short', confirm_password: 'short' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(messagesOf(addUserSchema, { ...valid, confirm_password: 'secret-124' })).toEqual({
      confirm_password: ['The passwords do not match'],
    });
    expect(messagesOf(addUserSchema, valid)).toEqual({});
  });
});

describe('edit user rules (spec §5)', () => {
  it('accepts an empty password and leaves it out of the request', () => {
    const values = { ...valid, password: '', confirm_password: '', is_active: true };
    expect(messagesOf(editUserSchema, values)).toEqual({});
    expect(toUserUpdate(values)).toEqual({
      email: 'new@example.com',
      full_name: '',
      is_superuser: false,
      is_active: true,
    });
  });

  it('checks a given password: minimum 8, confirmation required and equal', () => {
    expect(messagesOf(editUserSchema, { ...valid, password: 'short', confirm_password: 'short' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(messagesOf(editUserSchema, { ...valid, confirm_password: '' })).toEqual({
      confirm_password: ['Please confirm your password'],
    });
    expect(messagesOf(editUserSchema, { ...valid, confirm_password: 'other-pass' })).toEqual({
      confirm_password: ['The passwords do not match'],
    });
    expect(messagesOf(editUserSchema, { ...valid, email: '' })).toEqual({
      email: ['Email is required', 'Endereço de email inválido'],
    });
    expect(toUserUpdate(valid)).toMatchObject({ password: 'secret-123', confirm_password: 'secret-123' });
  });
});
