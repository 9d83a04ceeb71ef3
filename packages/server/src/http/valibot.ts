import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { shaperOf } from './answer-shape.js';
import { findUnstorableText } from './request-text.js';

/**
 * Routes declare valibot schemas (from @backoffice/contracts) directly in `schema`: the same
 * definitions validate requests, shape responses, type the handlers and feed the OpenAPI document.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** One entry of a 422 answer, before the request part (`body`, `query`, `path`) is put in front. */
export interface ValidationProblem {
  path: (string | number)[];
  msg: string;
  type: string;
}

export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly problems: ValidationProblem[]) {
    super(problems[0]?.msg ?? 'Validation error');
  }
}

export function isValibotSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/**
 * Text that cannot be stored (NUL, lone surrogates) is refused in any field, then the route's
 * schema runs; both kinds of problem come back together, at most one per field from the text check.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) throw new Error('Route schemas must be valibot schemas');
  return (data: unknown) => {
    const textProblems = findUnstorableText(data);
    const result = v.safeParse(schema, data);
    if (result.success && textProblems.length === 0) return { value: result.output };
    const seen = new Set(textProblems.map((p) => p.path.join('\u0000')));
    const schemaProblems = result.success
      ? []
      : result.issues.map((issue) => problemOf(issue, schema)).filter((p) => !seen.has(p.path.join('\u0000')));
    return { error: new RequestValidationError([...textProblems, ...schemaProblems]) };
  };
};

/** Answers leave through their schema: unknown keys (a password hash, say) never do (answer-shape.ts). */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) return (data) => JSON.stringify(data);
  const shape = shaperOf(schema);
  return (data) => JSON.stringify(shape(data));
};

/** FastAPI's names for the request parts, which clients show in `loc`. */
const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function validationDetail(error: RequestValidationError) {
  const where = LOCATION[error.validationContext ?? 'body'] ?? 'body';
  return error.problems.map((problem) => ({ loc: [where, ...problem.path], msg: problem.msg, type: problem.type }));
}

function problemOf(issue: v.BaseIssue<unknown>, root: v.GenericSchema): ValidationProblem {
  const path = issue.path?.map((p) => p.key as string | number) ?? [];
  return { path, msg: readableMessage(issue, root, path), type: issue.type };
}

/* ---------- messages a person would write ---------- */

// valibot's built-in English ("Invalid key: Expected \"email\" but received undefined"), which the
// contracts replace with their own messages wherever the spec gives one.
const VALIBOT_DEFAULT = /^Invalid [\w ]+: (Expected [\s\S]* but r|R)eceived /;

/**
 * The message of an issue: the contracts' own wording when they give one, otherwise a plain
 * sentence in the style of FastAPI (pydantic), never valibot's built-in text.
 */
export function readableMessage(issue: v.BaseIssue<unknown>, root: v.GenericSchema, path: (string | number)[]) {
  if (!VALIBOT_DEFAULT.test(issue.message)) return issue.message;
  const requirement = (issue as { requirement?: unknown }).requirement;
  const isMissingKey = issue.kind === 'schema' && issue.input === undefined && issue.path?.at(-1)?.origin === 'key';
  if (isMissingKey) return requiredMessage(root, path);
  switch (issue.type) {
    case 'string':
      return 'Input should be a valid string';
    case 'number':
      return 'Input should be a valid number';
    case 'boolean':
      return 'Input should be a valid boolean';
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      return 'Input should be an object';
    case 'array':
      return 'Input should be a list';
    case 'literal':
    case 'picklist':
    case 'enum':
      return `Input should be ${issue.expected ?? 'one of the accepted values'}`;
    case 'max_length':
      return `Should have at most ${String(requirement)} characters`;
    case 'min_length':
      return `Should have at least ${String(requirement)} characters`;
    case 'non_empty':
      return 'Field required';
    case 'integer':
      return 'Input should be a valid integer';
    case 'min_value':
      return `Input should be greater than or equal to ${String(requirement)}`;
    case 'max_value':
      return `Input should be less than or equal to ${String(requirement)}`;
    case 'uuid':
      return 'Input should be a valid UUID';
    case 'email':
    case 'regex':
      return 'Input has an invalid format';
    default:
      return 'Input is not a valid value';
  }
}

type SchemaNode = v.GenericSchema & {
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  message?: unknown;
};

/**
 * A missing field reads the message its own schema gives for "not there" (e.g. `v.string('Nome
 * Fantasia é obrigatório')`), as it would for an empty value; otherwise FastAPI's `Field required`.
 */
function requiredMessage(root: v.GenericSchema, path: (string | number)[]): string {
  let node: SchemaNode | undefined = root as SchemaNode;
  for (const key of path) {
    while (node?.wrapped) node = node.wrapped;
    node = typeof key === 'number' ? node?.item : node?.entries?.[key];
  }
  while (node?.wrapped && node.message === undefined) node = node.wrapped;
  return typeof node?.message === 'string' ? node.message : 'Field required';
}

/** OpenAPI: turns a route's valibot schemas into JSON Schema (transforms are described by their input). */
export function jsonSchemaOf(schema: unknown): unknown {
  if (!isValibotSchema(schema)) return schema;
  const { $schema: _drop, ...json } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return json;
}
