import {
  COMPANY_SORTS,
  PARTNER_KEY_ACCESS,
  PARTNER_KEY_MAX_ORIGINS,
  PARTNER_KEY_NAME_MAX_LENGTH,
} from './constants.js';

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
  nameInvisible: 'O nome precisa ter ao menos um caractere visível',
  nameBidiControl: 'O nome não pode conter caracteres que invertem a direção do texto (como U+202E)',
  tradingNameRequired: 'Nome Fantasia é obrigatório',
  legalNameRequired: 'Razão Social é obrigatória',
  companyNameTooLong: 'Use no máximo 255 caracteres',
  taxIdRequired: 'CNPJ é obrigatório',
  taxIdLength: 'CNPJ deve conter 14 dígitos',
  taxIdInvalid: 'CNPJ inválido',
  companyTypeRequired: 'Tipo é obrigatório',
  companyTypeInvalid: 'Tipo deve ser matriz ou filial',
  companySortInvalid: `Ordenação deve ser uma de: ${COMPANY_SORTS.join(', ')}`,
  partnerKeyNameRequired: 'Nome é obrigatório',
  partnerKeyNameTooLong: `Use no máximo ${PARTNER_KEY_NAME_MAX_LENGTH} caracteres`,
  partnerKeyOriginsRequired: 'Informe ao menos uma origem',
  partnerKeyOriginsTooMany: `Informe no máximo ${PARTNER_KEY_MAX_ORIGINS} origens`,
  partnerKeyOriginInvalid:
    'Origem inválida: use esquema, host e porta, como https://portal.exemplo.com.br (sem caminho e sem *)',
  companyStatusInvalid: 'Situação deve ser Ativa ou Inativa',
  importColumnCount: 'Número de colunas diferente do cabeçalho',
  importBadEncoding: 'Linha com caracteres inválidos: salve o arquivo em UTF-8 ou Latin-1',
  importDuplicateInFile: 'CNPJ repetido no arquivo (primeira ocorrência na linha {line})',
  importTaxIdRegistered: 'CNPJ já cadastrado: linha ignorada',
  partnerKeyAccessInvalid: `Acesso deve ser um de: ${PARTNER_KEY_ACCESS.join(', ')}`,
} as const;
