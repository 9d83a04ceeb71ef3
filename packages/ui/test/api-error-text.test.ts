import { ApiError, NetworkError } from '@backoffice/api-client';
import { apiErrors, ruleMessages, tooManyRequestsDetail } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { apiErrorText, errorMessage } from '../src/index.js';

const refused = (status: number, detail: unknown) => new ApiError(status, { detail });

// Words an English sentence of the API is made of and a Portuguese one is not.
const ENGLISH = /\b(the|is|are|not|with|this|user|could|invalid|try|again|too|many|requests|password)\b/i;

describe('what an API refusal says to a person (issue 28: Portuguese on every screen)', () => {
  it.each(Object.entries(apiErrors))('says %s in Portuguese', (_key, detail) => {
    const text = apiErrorText(refused(400, detail));
    expect(text).toBeDefined();
    expect(text).not.toMatch(ENGLISH);
  });

  it('keeps the spec’s own words (§8) for a failed login', () => {
    expect(apiErrorText(refused(400, 'Incorrect email or password'))).toBe('E-mail ou senha incorretos.');
    expect(apiErrorText(refused(400, 'Inactive user'))).toBe('Usuário inativo.');
  });

  it('names the wait of a rate limit', () => {
    expect(apiErrorText(refused(429, tooManyRequestsDetail(54)))).toBe(
      'Muitas tentativas. Tente novamente em 54 segundos.',
    );
    expect(apiErrorText(refused(429, tooManyRequestsDetail(1)))).toBe(
      'Muitas tentativas. Tente novamente em 1 segundo.',
    );
  });

  it('shows a validation rule’s message as the spec gives it, another 422 in Portuguese', () => {
    const rule = refused(422, [{ loc: ['body', 'password'], msg: ruleMessages.passwordTooShort, type: 'value_error' }]);
    expect(apiErrorText(rule)).toBe('Password must be at least 8 characters');
    const other = refused(422, [{ loc: ['body', 'id'], msg: 'Invalid UUID: Received "x"', type: 'value_error' }]);
    expect(apiErrorText(other)).toBe('Os dados enviados não foram aceitos. Revise os campos e tente novamente.');
  });

  it('leaves an unknown detail to the screen’s Portuguese fallback, never its English', () => {
    expect(apiErrorText(refused(500, 'Internal Server Error'))).toBeUndefined();
    expect(errorMessage(refused(500, 'Internal Server Error'))).toBe('Ocorreu um erro inesperado. Tente novamente.');
    expect(errorMessage(new ApiError(502, 'Bad gateway'))).toBe('Ocorreu um erro inesperado. Tente novamente.');
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Ocorreu um erro inesperado. Tente novamente.',
    );
    expect(errorMessage(new Error('Something broke'), 'Erro ao criar conta')).toBe('Erro ao criar conta');
  });
});
