import * as v from 'valibot';

/** Returns what of `value` an answer may send: the keys its schema names, at any depth. */
export type Shaper = (value: unknown) => unknown;

type Schema = v.GenericSchema & {
  entries?: Record<string, Schema>;
  item?: Schema;
  wrapped?: Schema;
};

/** Schemas whose value may be missing from an object (every other entry is required). */
const MAY_BE_MISSING = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);
/** Schemas whose value may be null or missing, and is otherwise the wrapped schema's. */
const WRAPPERS = new Set([...MAY_BE_MISSING, 'nullable']);
/**
 * Plain values, sent as they are: which kind (text, number…) is the TypeScript compiler's to check in
 * the handlers; that they are not objects, this module's (nothing can ride along under a named key).
 */
const LEAVES = new Set(['string', 'number', 'boolean', 'picklist', 'literal', 'enum', 'null']);

class AnswerShapeError extends Error {}

/**
 * What the server does to an answer before it writes it, worked out once per response schema: every
 * key the schema does not name is left out, at any depth (a password hash returned by mistake never
 * leaves), and an answer that lacks a key the schema requires is refused rather than sent in part.
 * The values themselves are not validated again: they come from the database's typed columns through
 * typed handlers, and checking each field of a page of 100 companies (UUID and timestamp patterns
 * included) cost the server ~100 µs of the ~700 µs of that request (docs/performance.md, 2026-11-24).
 * Schemas of other kinds (unions: the error answers; `unknown`, which may well hold an object) are parsed
 * by valibot as before.
 */
export function shaperOf(schema: v.GenericSchema): Shaper {
  return build(schema as Schema, 'answer');
}

function build(schema: Schema, where: string): Shaper {
  if (schema.type === 'object' && schema.entries) return objectShaper(schema.entries, where);
  if (schema.type === 'array' && schema.item) {
    const item = build(schema.item, `${where}[]`);
    return (value) => (Array.isArray(value) ? value.map(item) : refuse(`${where} is not a list`));
  }
  if (WRAPPERS.has(schema.type) && schema.wrapped) {
    const wrapped = build(schema.wrapped, where);
    // Null and a missing value pass here; whether the key may be missing is for its object to say.
    return (value) => (value === null || value === undefined ? value : wrapped(value));
  }
  if (LEAVES.has(schema.type)) {
    return (value) => (typeof value === 'object' && value !== null ? refuse(`${where} is not a plain value`) : value);
  }
  return (value) => v.parse(schema, value);
}

function objectShaper(entries: Record<string, Schema>, where: string): Shaper {
  const fields = Object.entries(entries).map(([key, entry]) => ({
    key,
    required: !MAY_BE_MISSING.has(entry.type),
    shape: build(entry, `${where}.${key}`),
  }));
  return (value) => {
    if (typeof value !== 'object' || value === null) return refuse(`${where} is not an object`);
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const { key, required, shape } of fields) {
      const field = input[key];
      if (field === undefined) {
        if (required) refuse(`${where} lacks ${key}`);
        continue;
      }
      output[key] = shape(field);
    }
    return output;
  };
}

function refuse(problem: string): never {
  throw new AnswerShapeError(`The server's answer does not fit its schema: ${problem}`);
}
