/**
 * Text a request may not carry, whatever field it is in. PostgreSQL refuses the NUL character in
 * `text` (the insert fails, and a search with it errors), and a lone UTF-16 surrogate cannot be
 * stored as UTF-8 at all (it would silently become U+FFFD). Both are refused up front with a 422
 * that names the field, before any handler runs, so nothing is stored and nothing is changed.
 */

export interface TextProblem {
  /** Keys from the root of the request part to the offending value (or key). */
  path: (string | number)[];
  msg: string;
  type: string;
}

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';
export const INVALID_UNICODE_MESSAGE = 'Text must be valid Unicode (it contains a lone surrogate)';

// Without the `u` flag these work on UTF-16 code units: a high surrogate not followed by a low
// one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): Omit<TextProblem, 'path'> | undefined {
  if (!SUSPECT.test(text)) return undefined;
  if (text.includes('\u0000')) return { msg: NUL_MESSAGE, type: 'string_nul_character' };
  if (LONE_SURROGATE.test(text)) return { msg: INVALID_UNICODE_MESSAGE, type: 'string_unicode' };
  return undefined;
}

/**
 * Every string (value or key) in a parsed request part that is not storable text. Iterative, so a
 * deeply nested body cannot overflow the stack; the body size limit bounds the work.
 */
export function findUnstorableText(data: unknown): TextProblem[] {
  const problems: TextProblem[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) problems.push({ path, ...problem });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const problem = problemOf(key);
        if (problem) problems.push({ path: [...path, key], ...problem });
        else stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return problems;
}
