import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';

/**
 * Routes declare valibot schemas (from @backoffice/contracts) directly in `schema`: the same
 * definitions validate requests, shape responses, type the handlers and feed the OpenAPI document.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly issues: v.BaseIssue<unknown>[]) {
    super(issues[0]?.message ?? 'Validation error');
  }
}

export function isValibotSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) throw new Error('Route schemas must be valibot schemas');
  return (data: unknown) => {
    const result = v.safeParse(schema, data);
    return result.success ? { value: result.output } : { error: new RequestValidationError(result.issues) };
  };
};

/** Responses are parsed before they are sent: unknown keys (a password hash, say) never leave. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) return (data) => JSON.stringify(data);
  return (data) => JSON.stringify(v.parse(schema, data));
};

/** FastAPI's names for the request parts, which clients show in `loc`. */
const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function validationDetail(error: RequestValidationError) {
  const where = LOCATION[error.validationContext ?? 'body'] ?? 'body';
  return error.issues.map((issue) => ({
    loc: [where, ...(issue.path?.map((p) => p.key as string | number) ?? [])],
    msg: issue.message,
    type: issue.type,
  }));
}

/** OpenAPI: turns a route's valibot schemas into JSON Schema (transforms are described by their input). */
export function jsonSchemaOf(schema: unknown): unknown {
  if (!isValibotSchema(schema)) return schema;
  const { $schema: _drop, ...json } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return json;
}
