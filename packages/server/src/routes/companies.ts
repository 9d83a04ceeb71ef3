import { Readable } from 'node:stream';
import {
  apiErrors,
  CompaniesExportQuerySchema,
  CompaniesListQuerySchema,
  CompaniesPageQuerySchema,
  CompaniesPageSchema,
  CompaniesPublicSchema,
  CompanyCreateSchema,
  CompanySchema,
  CompanyUpdateSchema,
  HttpErrorSchema,
  IdParamsSchema,
  MessageSchema,
  SkipLimitQuerySchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { TaxIdTakenError } from '../db/companies-repository.js';
import { HttpError } from '../http/http-error.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { companiesCsv, exportFileName } from '../services/companies-csv.js';
import { toCompany } from './mappers.js';

/** A user's token, or a partner portal's embed token (partner-embeds.ts). */
const bearer: { [scheme: string]: string[] }[] = [{ bearer: [] }, { embedToken: [] }];
const notFound = () => new HttpError(404, apiErrors.companyNotFound);
const ORDER_NOTE =
  'Order: newest first (created_at descending, then id descending), so pages are stable. ' +
  '`search` matches trading and legal name case- and accent-insensitively, and the CNPJ typed with or without its mask.';

const SORT_NOTE =
  '`sort` chooses another order: `trading_name`, `legal_name` or `cnpj`, with `-` in front for descending ' +
  '(names ignore case and accents; ties are broken by id), or `newest` (the default). Any other value is a 422.';

async function withUniqueTaxId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TaxIdTakenError) throw new HttpError(409, apiErrors.taxIdTaken);
    throw error;
  }
}

/**
 * Any signed-in, active user may read and change companies (spec §6); so may a partner portal's embed
 * token from its origins, only reading when its key is read-only.
 */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.addHook('preHandler', app.requireCompaniesAccess);

  app.get(
    '/companies/',
    {
      schema: {
        tags: ['companies'],
        summary: 'List companies',
        description: `${ORDER_NOTE} ${SORT_NOTE} \`count\` is the filtered total. A search is not counted past its page: when more matches follow the page, \`count\` is skip + limit and \`count_is_exact\` is false. \`count_is_exact: false\` always means that more than \`count\` companies match. A CNPJ typed with its mask (\`12.3\`, \`12.345.678/0001-95\`) matches the CNPJs that start with it.`,
        security: bearer,
        querystring: CompaniesListQuerySchema,
        response: { 200: CompaniesPublicSchema },
      },
    },
    async (request) => {
      const { skip, limit, sort, ...filter } = request.query;
      const list = await app.companies.list(filter, skip, limit, sort);
      return { ...list, data: list.data.map(toCompany) };
    },
  );

  app.get(
    '/companies/export.csv',
    {
      schema: {
        tags: ['companies'],
        summary: 'Export companies as CSV',
        description:
          'Every company of the filter (`search`, `type`, `is_active`, as the list takes them), in the order of `sort`, ' +
          'as a CSV file that Excel in pt-BR opens as is: UTF-8 with a byte order mark, `;` between cells, CRLF, ' +
          'cells quoted as RFC 4180 says, the CNPJ formatted, and a leading apostrophe on text that a spreadsheet ' +
          'would run as a formula. Streamed in keyset batches, so any size costs the server the same memory.',
        security: bearer,
        produces: ['text/csv'],
        querystring: CompaniesExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { sort, ...filter } = request.query;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .header('cache-control', 'no-store');
      // Fastify answers HEAD with this handler and drains the body it throws away: a download manager's
      // HEAD would run the whole export (a thousand queries at a million rows) for nothing.
      if (request.method === 'HEAD') return reply.send();
      return reply.send(Readable.from(companiesCsv(app.companies.exportRows(filter, sort))));
    },
  );

  app.get(
    '/companies/paginated',
    {
      schema: {
        tags: ['companies'],
        summary: 'List companies by page number',
        description: `${ORDER_NOTE} \`pages\` is the number of pages of \`size\` rows.`,
        security: bearer,
        querystring: CompaniesPageQuerySchema,
        response: { 200: CompaniesPageSchema },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const list = await app.companies.list({}, (page - 1) * size, size);
      return { data: list.data.map(toCompany), count: list.count, page, size, pages: Math.ceil(list.count / size) };
    },
  );

  app.get(
    '/companies/active',
    {
      schema: {
        tags: ['companies'],
        summary: 'List active companies',
        description: ORDER_NOTE,
        security: bearer,
        querystring: SkipLimitQuerySchema,
        response: { 200: CompaniesPublicSchema },
      },
    },
    async (request) => {
      const list = await app.companies.list({ is_active: true }, request.query.skip, request.query.limit);
      return { ...list, data: list.data.map(toCompany) };
    },
  );

  app.post(
    '/companies/',
    {
      schema: {
        tags: ['companies'],
        summary: 'Create a company',
        description: '`tax_id` may be typed with or without its mask; it is stored normalised (14 characters).',
        security: bearer,
        body: CompanyCreateSchema,
        response: { 200: CompanySchema, 409: HttpErrorSchema },
      },
    },
    async (request) => toCompany(await withUniqueTaxId(() => app.companies.create(request.body))),
  );

  app.get(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A company by id',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: CompanySchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      const company = await app.companies.findById(request.params.id);
      if (!company) throw notFound();
      return toCompany(company);
    },
  );

  app.patch(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Update a company (only the fields sent)',
        security: bearer,
        params: IdParamsSchema,
        body: CompanyUpdateSchema,
        response: { 200: CompanySchema, 404: HttpErrorSchema, 409: HttpErrorSchema },
      },
    },
    async (request) => {
      const company = await withUniqueTaxId(() => app.companies.update(request.params.id, request.body));
      if (!company) throw notFound();
      return toCompany(company);
    },
  );

  app.delete(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Delete a company',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: MessageSchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      if (!(await app.companies.delete(request.params.id))) throw notFound();
      return { message: 'Empresa excluída com sucesso' };
    },
  );
}
