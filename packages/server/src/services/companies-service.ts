import {
  apiErrors,
  type CompanyBulkAction,
  type CompanyCreate,
  type CompanyUpdate,
  RELATED_MAX,
  type RelatedCompanies,
} from '@backoffice/contracts';
import { and, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { AuditRepository } from '../db/audit-repository.js';
import type { Db } from '../db/client.js';
import { CompaniesRepository, type CompanyListRow, TaxIdTakenError } from '../db/companies-repository.js';
import { isUniqueViolation } from '../db/errors.js';
import { withIsoTimestamps } from '../db/iso-timestamps.js';
import { companies } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { toCompany } from '../routes/mappers.js';
import { type Actor, audited } from './audit.js';

const notFound = () => new HttpError(404, apiErrors.companyNotFound);

async function withUniqueTaxId<T>(work: () => Promise<T>, detail: string = apiErrors.taxIdTaken): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TaxIdTakenError || isUniqueViolation(error)) throw new HttpError(409, detail);
    throw error;
  }
}

const BULK_MESSAGES: Record<CompanyBulkAction, (n: number) => string> = {
  activate: (n) => (n === 1 ? '1 empresa ativada.' : `${n} empresas ativadas.`),
  deactivate: (n) => (n === 1 ? '1 empresa desativada.' : `${n} empresas desativadas.`),
  delete: (n) => (n === 1 ? '1 empresa excluída.' : `${n} empresas excluídas.`),
};

/** The first 8 characters of a CNPJ: a matriz and its filiais share them. */
export const cnpjRoot = (taxId: string) => taxId.slice(0, 8);

const READ = withIsoTimestamps({
  id: companies.id,
  trading_name: companies.trading_name,
  legal_name: companies.legal_name,
  tax_id: companies.tax_id,
  type: companies.type,
  is_active: companies.is_active,
  created_at: companies.created_at,
  updated_at: companies.updated_at,
});

/**
 * The rules of the registry, whichever route asks: every change runs in one transaction with its
 * history (audited), a taken CNPJ is a 409 with the API's words, a bulk action changes all the companies
 * it names or none, and a deleted company comes back from its history with its id and data. Route
 * handlers validate, authorise and call one method; a broken rule is an `HttpError`.
 */
export class CompaniesService {
  constructor(
    private readonly db: Db,
    private readonly companies: CompaniesRepository,
    private readonly audit: AuditRepository,
  ) {}

  async get(id: string): Promise<CompanyListRow> {
    const company = await this.companies.findById(id);
    if (!company) throw notFound();
    return company;
  }

  create(actor: Actor, input: CompanyCreate): Promise<CompanyListRow> {
    return withUniqueTaxId(() => audited(this.db, actor, (tx) => new CompaniesRepository(tx).create(input)));
  }

  async update(actor: Actor, id: string, changes: CompanyUpdate): Promise<CompanyListRow> {
    const company = await withUniqueTaxId(() =>
      audited(this.db, actor, (tx) => new CompaniesRepository(tx).update(id, changes)),
    );
    if (!company) throw notFound();
    return company;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (!(await audited(this.db, actor, (tx) => new CompaniesRepository(tx).delete(id)))) throw notFound();
  }

  /**
   * Brings a deleted company back as it was when deleted: same id, data and creation time (its history
   * goes on). Refused when it is not deleted, and when its CNPJ was registered again meanwhile.
   */
  async restore(actor: Actor, id: string): Promise<CompanyListRow> {
    if (await this.companies.findById(id)) throw new HttpError(409, apiErrors.companyNotDeleted);
    const last = await this.audit.lastOf('company', id);
    if (last?.action !== 'company.deleted') throw notFound();
    const was = (field: string) => last.changes[field]?.old;
    const row = {
      id,
      trading_name: String(was('trading_name')),
      legal_name: String(was('legal_name')),
      tax_id: String(was('tax_id')),
      type: was('type') === 'matriz' ? ('matriz' as const) : ('filial' as const),
      is_active: was('is_active') !== false,
      // As text into timestamptz: the creation time keeps its microseconds (a Date would cut them).
      created_at: sql`${String(was('created_at') ?? new Date().toISOString())}::timestamptz` as unknown as Date,
    };
    return withUniqueTaxId(
      () =>
        audited(
          this.db,
          actor,
          async (tx) => {
            const [restored] = await tx.insert(companies).values(row).returning(READ);
            return restored as CompanyListRow;
          },
          'restore',
        ),
      apiErrors.restoreTaxIdTaken,
    );
  }

  /**
   * One action on many companies in one transaction. Every id must name a company (checked under a
   * lock, so a concurrent delete cannot slip between check and change); otherwise nothing changes and
   * each unknown id is named in the 422's list. Each changed company gets its own event.
   */
  async bulk(actor: Actor, action: CompanyBulkAction, ids: string[]): Promise<{ changed: number; message: string }> {
    const changed = await audited(
      this.db,
      actor,
      async (tx) => {
        const found = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(inArray(companies.id, ids))
          .for('update');
        const existing = new Set(found.map((row) => row.id));
        const missing = ids.flatMap((id, index) =>
          existing.has(id)
            ? []
            : [{ loc: ['body', 'ids', index], msg: apiErrors.bulkCompanyNotFound, type: 'company_not_found' }],
        );
        if (missing.length > 0) throw new HttpError(422, missing);
        if (action === 'delete') {
          return (await tx.delete(companies).where(inArray(companies.id, ids)).returning({ id: companies.id })).length;
        }
        const isActive = action === 'activate';
        const rows = await tx
          .update(companies)
          .set({ is_active: isActive, updated_at: new Date() })
          .where(and(inArray(companies.id, ids), ne(companies.is_active, isActive)))
          .returning({ id: companies.id });
        return rows.length;
      },
      'bulk',
    );
    return { changed, message: BULK_MESSAGES[action](changed) };
  }

  /** The selected companies, newest first (what `POST /companies/export.csv` writes). */
  selected(ids: string[]): Promise<CompanyListRow[]> {
    return this.db
      .select(READ)
      .from(companies)
      .where(inArray(companies.id, ids))
      .orderBy(desc(companies.created_at), desc(companies.id)) as Promise<CompanyListRow[]>;
  }

  /**
   * The other companies of a company's CNPJ root: its matriz for a filial, its filiais for a matriz
   * (and a filial's sister filiais). A prefix of tax_id, which its pattern index answers.
   */
  async related(id: string): Promise<RelatedCompanies> {
    const company = await this.get(id);
    const sameRoot = and(like(companies.tax_id, `${cnpjRoot(company.tax_id)}%`), ne(companies.id, id));
    const [matrizes, filiais, [counted]] = await Promise.all([
      this.db
        .select(READ)
        .from(companies)
        .where(and(sameRoot, eq(companies.type, 'matriz')))
        .orderBy(companies.tax_id)
        .limit(RELATED_MAX),
      this.db
        .select(READ)
        .from(companies)
        .where(and(sameRoot, eq(companies.type, 'filial')))
        .orderBy(companies.tax_id)
        .limit(RELATED_MAX),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(companies)
        .where(and(sameRoot, eq(companies.type, 'filial'))),
    ]);
    return {
      matrizes: (matrizes as CompanyListRow[]).map(toCompany),
      filiais: (filiais as CompanyListRow[]).map(toCompany),
      filiais_count: counted?.n ?? 0,
    };
  }

  /**
   * Creates a batch of an import's valid rows in one transaction (all or none), skipping those whose
   * CNPJ is already registered; each created company is on record as imported. Returns how many were created.
   */
  importBatch(actor: Actor, rows: CompanyCreate[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return audited(
      this.db,
      actor,
      async (tx) => {
        const created = await tx
          .insert(companies)
          .values(rows)
          .onConflictDoNothing({ target: companies.tax_id })
          .returning({ id: companies.id });
        return created.length;
      },
      'import',
    );
  }

  /** Which of these CNPJs are registered already (an import's preview marks those lines as ignored). */
  async registeredTaxIds(taxIds: string[]): Promise<Set<string>> {
    if (taxIds.length === 0) return new Set();
    const rows = await this.db
      .select({ tax_id: companies.tax_id })
      .from(companies)
      .where(inArray(companies.tax_id, taxIds));
    return new Set(rows.map((row) => row.tax_id));
  }
}
