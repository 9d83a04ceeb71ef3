import { type AuditEvent, type Company, cnpjOf, type UserPublic } from '@backoffice/contracts';

/**
 * Data generators of the component tests: valid records as the API answers them, numbered so each
 * test can make as many distinct ones as it needs, with any field overridden.
 */

const CREATED_AT = '2026-01-01T00:00:00Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The signed-in super user of the admin and shell tests. */
export const superuser: UserPublic = {
  id: uuid(1),
  email: 'admin@example.com',
  full_name: 'Admin Root',
  is_active: true,
  is_superuser: true,
  created_at: CREATED_AT,
};

/** User `i`: `user{i}@example.com`, an active ordinary user. */
export function makeUser(i: number, fields: Partial<UserPublic> = {}): UserPublic {
  return {
    id: uuid(100 + i),
    email: `user${i}@example.com`,
    full_name: `User ${i}`,
    is_active: true,
    is_superuser: false,
    created_at: CREATED_AT,
    ...fields,
  };
}

/** A valid numeric CNPJ (unmasked) built from `i`. */
export function validCnpj(i: number): string {
  return cnpjOf(11_222_333 + i);
}

/** Company `i`: `Empresa {i}`, an active filial with a valid CNPJ. */
export function makeCompany(i: number, fields: Partial<Company> = {}): Company {
  return {
    id: uuid(1000 + i),
    trading_name: `Empresa ${i}`,
    legal_name: `Empresa ${i} Ltda`,
    tax_id: validCnpj(i),
    type: 'filial',
    is_active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...fields,
  };
}

/** A list answer of the API holding `rows` (count: their number unless given). */
export function listOf<T>(rows: T[], count = rows.length) {
  return { data: rows, count, count_is_exact: true };
}

/** History event `i` (its id, the keyset cursor): company 1 created by user 1 from 10.0.0.1, unless overridden. */
export function makeAuditEvent(i: number, fields: Partial<AuditEvent> = {}): AuditEvent {
  const actor = makeUser(1);
  return {
    id: String(i),
    occurred_at: '2026-11-25T12:00:00.000Z',
    action: 'company.created',
    entity_type: 'company',
    entity_id: makeCompany(1).id,
    entity_label: makeCompany(1).trading_name,
    actor: { type: 'user', id: actor.id, label: actor.email },
    ip: '10.0.0.1',
    reason: null,
    changes: {},
    ...fields,
  };
}
