import { ApiError, NetworkError } from '@backoffice/api-client';
import { describe, expect, it } from 'vitest';
import {
  loginErrorMessage,
  recoverPasswordErrorMessage,
  resetPasswordErrorMessage,
  signupErrorMessage,
} from '../src/forms/errors';

describe('error messages (spec §8)', () => {
  const list = new ApiError(422, { detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
  const bare = new ApiError(502, undefined);
  const offline = new NetworkError(new TypeError('Failed to fetch'));

  it('login: the two known details in the spec’s words, every other API detail in Portuguese, else the generic sentence', () => {
    expect(loginErrorMessage(new ApiError(400, { detail: 'Incorrect email or password' }))).toBe(
      'E-mail ou senha incorretos.',
    );
    expect(loginErrorMessage(new ApiError(400, { detail: 'Inactive user' }))).toBe('Usuário inativo.');
    expect(loginErrorMessage(new ApiError(429, { detail: 'Too many requests. Try again in 54 seconds.' }))).toBe(
      'Muitas tentativas. Tente novamente em 54 segundos.',
    );
    expect(loginErrorMessage(list)).toBe('Os dados enviados não foram aceitos. Revise os campos e tente novamente.');
    for (const error of [bare, offline, new Error('boom'), 'x', new ApiError(429, { detail: 'Slow down' })]) {
      expect(loginErrorMessage(error)).toBe('Ocorreu um erro inesperado. Tente novamente.');
    }
  });

  it('sign-up: the detail in Portuguese, else "Erro ao criar conta"', () => {
    expect(
      signupErrorMessage(new ApiError(400, { detail: 'The user with this email already exists in the system' })),
    ).toBe('Já existe um usuário com este e-mail.');
    expect(signupErrorMessage(bare)).toBe('Erro ao criar conta');
    expect(signupErrorMessage(offline)).toBe('Erro ao criar conta');
  });

  it('recovery: Not Found becomes the Portuguese sentence, anything else the generic one', () => {
    expect(recoverPasswordErrorMessage(new ApiError(404, undefined))).toBe(
      'O usuário com este email não existe no sistema.',
    );
    expect(recoverPasswordErrorMessage(new ApiError(404, { detail: 'The user with this email does not exist' }))).toBe(
      'O usuário com este email não existe no sistema.',
    );
    for (const error of [bare, list, offline]) {
      expect(recoverPasswordErrorMessage(error)).toBe('Ocorreu um erro inesperado. Tente novamente.');
    }
  });

  it('reset: the detail in Portuguese, else "Algo deu errado"', () => {
    expect(resetPasswordErrorMessage(new ApiError(400, { detail: 'Invalid token' }))).toBe(
      'Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo link.',
    );
    expect(resetPasswordErrorMessage(bare)).toBe('Algo deu errado');
    expect(resetPasswordErrorMessage(offline)).toBe('Algo deu errado');
  });
});
