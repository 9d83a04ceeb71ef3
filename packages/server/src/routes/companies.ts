import { Readable } from 'node:stream';
import {
  AuditEventsSchema,
  apiErrors,
  CompaniesExportQuerySchema,
  CompaniesExportSelectionSchema,
  CompaniesListQuerySchema,
  CompaniesPageQuerySchema,
  CompaniesPageSchema,
  CompaniesPublicSchema,
  CompanyBulkResultSchema,
  CompanyBulkSchema,
  CompanyCreateSchema,
  CompanySchema,
  CompanyUpdateSchema,
  HistoryQuerySchema,
  HttpErrorSchema,
  IdParamsSchema,
  ImportPreviewSchema,
  MessageSchema,
  RelatedCompaniesSchema,
  SkipLimitQuerySchema,
} from '@backoffice/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notEnoughPrivileges } from '../http/http-error.js';
import { toCompany } from '../http/public-views.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { actorOf } from '../services/audit.js';
import { companiesCsv, exportFileName } from '../services/companies-csv.js';
import { openImport, previewImport, rejectedLinesCsv, runImport } from '../services/companies-import.js';

/** A user's token, or a partner portal's embed token (partner-embeds.ts). */
const bearer: { [scheme: string]: string[] }[] = [{ bearer: [] }, { embedToken: [] }];
const userBearer: { [scheme: string]: string[] }[] = [{ bearer: [] }];
/** Routes a partner's embed token may not call (partner-embeds.ts): they need a person. */
const PEOPLE_ONLY = { embed: false } as const;
const ORDER_NOTE =
  'Order: newest first (created_at descending, then id descending), so pages are stable. ' +
  '`search` matches trading and legal name case- and accent-insensitively, and the CNPJ typed with or without its mask.';

const SORT_NOTE =
  '`sort` chooses another order: `trading_name`, `legal_name` or `cnpj`, with `-` in front for descending ' +
  '(names ignore case and accents; ties are broken by id), or `newest` (the default). Any other value is a 422.';

/** After requireCompaniesAccess on a people-only route: `request.user` is set. */
async function superusersOnly(request: FastifyRequest) {
  if (!request.user?.is_superuser) throw notEnoughPrivileges();
}

/** A CSV upload's body: the raw request stream, read as it arrives (companies-import.ts). */
function csvBody(request: FastifyRequest): AsyncIterable<Uint8Array> {
  if (!request.body || typeof (request.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] !== 'function') {
    throw new HttpError(415, apiErrors.importNotCsv);
  }
  return request.body as AsyncIterable<Uint8Array>;
}

const IMPORT_NOTE =
  'The body is the CSV file itself (`Content-Type: text/csv`): our export (`;`, BOM, formatted CNPJ, `Matriz`/`Filial`, ' +
  '`Ativa`/`Inativa`) or the same with `,`, in UTF-8 with or without BOM or in Latin-1. The header names the columns ' +
  '(Nome Fantasia, Razão Social, CNPJ, Tipo; Situação optional, Ativa when empty; other columns are ignored). Read as it ' +
  'arrives, so memory does not grow with the file (at most 64 MB).';

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
      const list = await app.companiesRepository.list(filter, skip, limit, sort);
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
      return reply.send(Readable.from(companiesCsv(app.companiesRepository.exportRows(filter, sort))));
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
      const list = await app.companiesRepository.list({}, (page - 1) * size, size);
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
      const list = await app.companiesRepository.list({ is_active: true }, request.query.skip, request.query.limit);
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
    async (request) => toCompany(await app.companiesService.create(actorOf(request), request.body)),
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
    async (request) => toCompany(await app.companiesService.get(request.params.id)),
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
    async (request) => toCompany(await app.companiesService.update(actorOf(request), request.params.id, request.body)),
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
      await app.companiesService.delete(actorOf(request), request.params.id);
      return { message: 'Empresa excluída com sucesso' };
    },
  );

  app.get(
    '/companies/:id/related',
    {
      schema: {
        tags: ['companies'],
        summary: 'The companies of the same CNPJ root',
        description:
          'The other companies whose CNPJ starts with the same 8 characters: the matriz of a filial, the filiais of a ' +
          'matriz (and the sister filiais of a filial). At most 100 of each are listed; `filiais_count` counts them all.',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: RelatedCompaniesSchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      const { matrizes, filiais, filiais_count } = await app.companiesService.related(request.params.id);
      return { matrizes: matrizes.map(toCompany), filiais: filiais.map(toCompany), filiais_count };
    },
  );

  app.get(
    '/companies/:id/history',
    {
      config: PEOPLE_ONLY,
      schema: {
        tags: ['companies'],
        summary: "A company's history",
        description:
          'Every recorded change of the company, newest first: created, updated (each field old → new), deleted, ' +
          'restored; who (user e-mail, partner key name, or the system), when and — for super users — from which ' +
          'address (`ip` is null for everybody else: it is personal data of whoever made the change). Also for a ' +
          'deleted company (its deletion holds the data a restore brings back). Keyset pages: pass `next_cursor` as ' +
          '`cursor`. Signed-in users only (not embed tokens).',
        security: userBearer,
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: AuditEventsSchema },
      },
    },
    async (request) => {
      const page = await app.auditRepository.list(
        { entityType: 'company', entityId: request.params.id },
        request.query.limit,
        request.query.cursor,
      );
      if (request.user.is_superuser) return page;
      return { ...page, data: page.data.map((event) => ({ ...event, ip: null })) };
    },
  );

  app.post(
    '/companies/:id/restore',
    {
      config: PEOPLE_ONLY,
      preHandler: superusersOnly,
      schema: {
        tags: ['companies'],
        summary: 'Restore a deleted company (super users)',
        description:
          'Brings a deleted company back from its history with the same id, data and creation time. 409 when it is ' +
          'not deleted, or when its CNPJ was registered again since. The restore is on record.',
        security: userBearer,
        params: IdParamsSchema,
        response: { 200: CompanySchema, 403: HttpErrorSchema, 404: HttpErrorSchema, 409: HttpErrorSchema },
      },
    },
    async (request) => toCompany(await app.companiesService.restore(actorOf(request), request.params.id)),
  );

  app.post(
    '/companies/bulk',
    {
      schema: {
        tags: ['companies'],
        summary: 'One action on many companies',
        description:
          '`activate`, `deactivate` or `delete` the companies of `ids` (at most 1 000) in one transaction: all of them ' +
          'or, when any id names no company, none (422 listing each such id by its position). A company already in the ' +
          'asked status is left as is (`changed` counts the others). Each change is on record.',
        security: bearer,
        body: CompanyBulkSchema,
        response: { 200: CompanyBulkResultSchema },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      return { action, ...(await app.companiesService.bulk(actorOf(request), action, ids)) };
    },
  );

  app.post(
    '/companies/export.csv',
    {
      config: { embedRead: true },
      schema: {
        tags: ['companies'],
        summary: 'Export the selected companies as CSV',
        description:
          'The companies of `ids` (at most 1 000; ids of deleted companies are left out), newest first, in the same ' +
          'file format as `GET /companies/export.csv`. A read: a read-only embed token may call it.',
        security: bearer,
        produces: ['text/csv'],
        body: CompaniesExportSelectionSchema,
      },
    },
    async (request, reply) => {
      const rows = await app.companiesService.selected(request.body.ids);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(companiesCsv(Readable.from([rows]))));
    },
  );

  await app.register(async (csv) => {
    // The upload is read as a stream by the handler, not buffered by a parser.
    csv.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

    csv.post(
      '/companies/import/preview',
      {
        config: PEOPLE_ONLY,
        schema: {
          tags: ['companies'],
          summary: 'Check a CSV import without importing',
          description: `${IMPORT_NOTE} Every line is checked (required fields, CNPJ check digits, numeric or alphanumeric, type, status, a CNPJ twice in the file) and looked up in the registry: lines whose CNPJ is registered already are ignored, not errors. Nothing is written. Lists the first 500 lines with errors.`,
          security: userBearer,
          consumes: ['text/csv'],
          response: { 200: ImportPreviewSchema, 413: HttpErrorSchema, 415: HttpErrorSchema },
        },
      },
      async (request) => previewImport(await openImport(csvBody(request)), app.companiesService),
    );

    csv.post(
      '/companies/import',
      {
        config: PEOPLE_ONLY,
        schema: {
          tags: ['companies'],
          summary: 'Import companies from CSV',
          description: `${IMPORT_NOTE} The valid lines are created in batches of 1 000, each batch in one transaction (all of it or none) and on record as imported; lines whose CNPJ is registered already are ignored, lines with errors rejected. The answer is NDJSON (\`application/x-ndjson\`), one JSON object per line: \`{"type":"progress","processed":n,"created":n}\` after each batch, then \`{"type":"summary","rows":n,"created":n,"ignored":n,"rejected":n}\`, or \`{"type":"error","detail":…,"created":n}\` if a batch failed (the batches before it stay).`,
          security: userBearer,
          consumes: ['text/csv'],
          produces: ['application/x-ndjson'],
        },
      },
      async (request, reply) => {
        const file = await openImport(csvBody(request));
        const actor = actorOf(request);
        async function* ndjson() {
          for await (const event of runImport(file, app.companiesService, actor)) yield `${JSON.stringify(event)}\n`;
        }
        reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
        return reply.send(Readable.from(ndjson()));
      },
    );

    csv.post(
      '/companies/import/rejected.csv',
      {
        config: PEOPLE_ONLY,
        schema: {
          tags: ['companies'],
          summary: "A CSV import's rejected lines",
          description: `${IMPORT_NOTE} Answers the lines with errors as CSV (BOM, \`;\`), with their columns as sent plus \`Linha\` and \`Erros\`: the file to fix and import again. Nothing is written.`,
          security: userBearer,
          consumes: ['text/csv'],
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const file = await openImport(csvBody(request));
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="linhas-rejeitadas.csv"')
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(rejectedLinesCsv(file)));
      },
    );
  });
}
