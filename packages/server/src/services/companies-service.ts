import {
  apiErrors,
  type CompanyBulkAction,
  type CompanyCreate,
  type CompanyUpdate,
  RELATED_MAX,
} from '@backoffice/contracts';
import type { AuditRepository } from '../db/audit-repository.js';
import type { Db } from '../db/client.js';
import { CompaniesRepository, type CompanyListRow, TaxIdTakenError } from '../db/companies-repository.js';
import { HttpError, refusing } from '../http/http-error.js';
import { type Actor, type AuditedWrite, auditedWrite } from './audit.js';

const notFound = () => new HttpError(404, apiErrors.companyNotFound);

/** A CNPJ registered already is a 409, in the words of the route that met it. */
const withUniqueTaxId = <T>(work: () => Promise<T>, detail: string = apiErrors.taxIdTaken) =>
  refusing(TaxIdTakenError, 409, detail, work);

const BULK_MESSAGES: Record<CompanyBulkAction, (n: number) => string> = {
  activate: (n) => (n === 1 ? '1 empresa ativada.' : `${n} empresas ativadas.`),
  deactivate: (n) => (n === 1 ? '1 empresa desativada.' : `${n} empresas desativadas.`),
  delete: (n) => (n === 1 ? '1 empresa excluída.' : `${n} empresas excluídas.`),
};

/** The first 8 characters of a CNPJ: a matriz and its filiais share them. */
export const cnpjRoot = (taxId: string) => taxId.slice(0, 8);

/** The companies of a company's CNPJ root (`GET /companies/{id}/related`), as rows. */
export interface RelatedRows {
  matrizes: CompanyListRow[];
  filiais: CompanyListRow[];
  filiais_count: number;
}

/**
 * The rules of the registry, whichever route asks: every change runs in one transaction with its
 * history (audited), a taken CNPJ is a 409 with the API's words, a bulk action changes all the companies
 * it names or none, and a deleted company comes back from its history with its id and data. Route
 * handlers validate, authorise and call one method; a broken rule is an `HttpError`.
 */
export class CompaniesService {
  /** A change of companies' rows, on record as `actor`'s. */
  readonly #write: AuditedWrite<CompaniesRepository>;

  constructor(
    db: Db,
    private readonly companies: CompaniesRepository,
    private readonly audit: AuditRepository,
  ) {
    this.#write = auditedWrite(db, CompaniesRepository);
  }

  async get(id: string): Promise<CompanyListRow> {
    const company = await this.companies.findById(id);
    if (!company) throw notFound();
    return company;
  }

  create(actor: Actor, input: CompanyCreate): Promise<CompanyListRow> {
    return withUniqueTaxId(() => this.#write(actor, (companies) => companies.create(input)));
  }

  async update(actor: Actor, id: string, changes: CompanyUpdate): Promise<CompanyListRow> {
    const company = await withUniqueTaxId(() => this.#write(actor, (companies) => companies.update(id, changes)));
    if (!company) throw notFound();
    return company;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (!(await this.#write(actor, (companies) => companies.delete(id)))) throw notFound();
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
    const company = {
      id,
      trading_name: String(was('trading_name')),
      legal_name: String(was('legal_name')),
      tax_id: String(was('tax_id')),
      type: was('type') === 'matriz' ? ('matriz' as const) : ('filial' as const),
      is_active: was('is_active') !== false,
      created_at: String(was('created_at') ?? new Date().toISOString()),
    };
    return withUniqueTaxId(
      () => this.#write(actor, (companies) => companies.restore(company), 'restore'),
      apiErrors.restoreTaxIdTaken,
    );
  }

  /**
   * One action on many companies in one transaction. Every id must name a company (checked under a
   * lock, so a concurrent delete cannot slip between check and change); otherwise nothing changes and
   * each unknown id is named in the 422's list. Each changed company gets its own event.
   */
  async bulk(actor: Actor, action: CompanyBulkAction, ids: string[]): Promise<{ changed: number; message: string }> {
    const changed = await this.#write(
      actor,
      async (companies) => {
        const existing = await companies.lockExisting(ids);
        const missing = ids.flatMap((id, index) =>
          existing.has(id)
            ? []
            : [{ loc: ['body', 'ids', index], msg: apiErrors.bulkCompanyNotFound, type: 'company_not_found' }],
        );
        if (missing.length > 0) throw new HttpError(422, missing);
        return action === 'delete' ? companies.deleteMany(ids) : companies.setActive(ids, action === 'activate');
      },
      'bulk',
    );
    return { changed, message: BULK_MESSAGES[action](changed) };
  }

  /** The selected companies, newest first (what `POST /companies/export.csv` writes). */
  selected(ids: string[]): Promise<CompanyListRow[]> {
    return this.companies.findMany(ids);
  }

  /**
   * The other companies of a company's CNPJ root: its matriz for a filial, its filiais for a matriz
   * (and a filial's sister filiais); at most RELATED_MAX of each, and how many filiais there are.
   */
  async related(id: string): Promise<RelatedRows> {
    const root = cnpjRoot((await this.get(id)).tax_id);
    const [matrizes, filiais, filiais_count] = await Promise.all([
      this.companies.withCnpjRoot(root, id, 'matriz', RELATED_MAX),
      this.companies.withCnpjRoot(root, id, 'filial', RELATED_MAX),
      this.companies.countWithCnpjRoot(root, id, 'filial'),
    ]);
    return { matrizes, filiais, filiais_count };
  }

  /**
   * Creates a batch of an import's valid rows in one transaction (all or none), skipping those whose
   * CNPJ is already registered; each created company is on record as imported. Returns how many were created.
   */
  importBatch(actor: Actor, rows: CompanyCreate[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return this.#write(actor, (companies) => companies.insertMany(rows), 'import');
  }

  /** Which of these CNPJs are registered already (an import's preview marks those lines as ignored). */
  registeredTaxIds(taxIds: string[]): Promise<Set<string>> {
    return this.companies.registeredTaxIds(taxIds);
  }
}
