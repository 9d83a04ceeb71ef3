import {
  CNPJ_LENGTH,
  COMPANY_TYPES,
  type Company,
  type CompanyUpdate,
  DEFAULT_COMPANY_IS_ACTIVE,
  DEFAULT_COMPANY_TYPE,
  formatCnpj,
  legalNameRule,
  normalizeCnpj,
  ruleMessages,
  taxIdRule,
  tradingNameRule,
} from '@backoffice/contracts';
import * as v from 'valibot';

/** Type: required on the form (the API would default it; the edit form must say so, spec §5). */
const typeRule = v.picklist(COMPANY_TYPES, ruleMessages.companyTypeRequired);

/** Create form: the shared rules (spec §5 messages); tax_id comes out without its mask. */
export const createCompanySchema = v.object({
  trading_name: tradingNameRule,
  legal_name: legalNameRule,
  tax_id: taxIdRule,
  type: typeRule,
  is_active: v.boolean(),
});
export type CreateCompanyValues = v.InferInput<typeof createCompanySchema>;
export type CreateCompanyOutput = v.InferOutput<typeof createCompanySchema>;

/** Edit form: the same fields without is_active (spec §4: the edit form does not expose it). */
export const editCompanySchema = v.object({
  trading_name: tradingNameRule,
  legal_name: legalNameRule,
  tax_id: taxIdRule,
  type: typeRule,
});
export type EditCompanyValues = v.InferInput<typeof editCompanySchema>;
export type EditCompanyOutput = v.InferOutput<typeof editCompanySchema>;

/** What the one company form holds: the edit fields, and is_active when creating. */
export type CompanyFormValues = EditCompanyValues & { is_active?: boolean };
/** What the form submits: the schema's output (names trimmed, CNPJ unmasked). */
export type CompanyFormOutput = EditCompanyOutput & { is_active?: boolean };

/** The schema of the dialog's form: create or edit, typed as the one form both are. */
export function companyFormSchema(kind: 'create' | 'edit'): v.GenericSchema<CompanyFormValues, CompanyFormOutput> {
  return kind === 'edit' ? editCompanySchema : createCompanySchema;
}

/** Defaults of a new company: type filial, active (spec §3, §9). */
export function createCompanyDefaults(): CreateCompanyValues {
  return {
    trading_name: '',
    legal_name: '',
    tax_id: '',
    type: DEFAULT_COMPANY_TYPE,
    is_active: DEFAULT_COMPANY_IS_ACTIVE,
  };
}

/** The edit form starts from the company, its CNPJ shown with the mask. */
export function editCompanyDefaults(company: Company): EditCompanyValues {
  return {
    trading_name: company.trading_name,
    legal_name: company.legal_name,
    tax_id: formatCnpj(company.tax_id),
    type: company.type,
  };
}

/**
 * Only the fields that differ from the stored company (spec §5), compared after the rules'
 * normalisation (trimmed names, unmasked CNPJ): an empty object means nothing to send.
 */
export function changedCompanyFields(company: Company, values: EditCompanyOutput): CompanyUpdate {
  const changes: CompanyUpdate = {};
  if (values.trading_name !== company.trading_name) changes.trading_name = values.trading_name;
  if (values.legal_name !== company.legal_name) changes.legal_name = values.legal_name;
  if (values.tax_id !== normalizeCnpj(company.tax_id)) changes.tax_id = values.tax_id;
  if (values.type !== company.type) changes.type = values.type;
  return changes;
}

const SIGNIFICANT = /[0-9A-Za-z]/;

/**
 * The CNPJ mask while typing: the value formatted as `00.000.000/0000-00` (letters upper-cased for
 * the alphanumeric CNPJ, anything else dropped, at most 14 characters) and where the caret goes so
 * that it stays after the same character the person just typed or deleted around.
 */
export function maskCnpjInput(raw: string, caret: number = raw.length): { value: string; caret: number } {
  const value = formatCnpj(raw);
  let significantBefore = 0;
  for (const char of raw.slice(0, caret)) if (SIGNIFICANT.test(char)) significantBefore++;
  significantBefore = Math.min(significantBefore, CNPJ_LENGTH);
  if (significantBefore === 0) return { value, caret: 0 };
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (SIGNIFICANT.test(value[i] as string)) seen++;
    if (seen === significantBefore) return { value, caret: i + 1 };
  }
  return { value, caret: value.length };
}
