import { COMPANY_SORTS } from './constants.js';

/**
 * Messages of the shared validation rules, word for word from the product spec (§5) and the
 * CNPJ rules. Forms and the API show the same text because both validate with these rules.
 */
export const ruleMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Endereço de email inválido',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'A senha não confere',
  fullNameRequired: 'Full Name is required',
  fullNameTooShort: 'Full Name must be at least 3 characters',
  fullNameTooLong: 'Full Name must be at most 30 characters',
  tradingNameRequired: 'Nome Fantasia é obrigatório',
  legalNameRequired: 'Razão Social é obrigatória',
  companyNameTooLong: 'Use no máximo 255 caracteres',
  taxIdRequired: 'CNPJ é obrigatório',
  taxIdLength: 'CNPJ deve conter 14 dígitos',
  taxIdInvalid: 'CNPJ inválido',
  companyTypeRequired: 'Tipo é obrigatório',
  companyTypeInvalid: 'Tipo deve ser matriz ou filial',
  companySortInvalid: `Ordenação deve ser uma de: ${COMPANY_SORTS.join(', ')}`,
} as const;
