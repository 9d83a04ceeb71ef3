import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/**
 * Statements PGlite keeps parsed under a name, each run as one message to the engine. PGlite's own `query` parses and
 * plans every statement it is given, in five calls into the engine (parse, describe, bind, execute, sync); a statement
 * kept under a name is parsed once, and PostgreSQL's plan cache may then run it without planning it again. Planning is
 * most of a short statement's price on PGlite: the planner asks the size of the table and of each of its indexes, and
 * each answer is a file-system call out of the engine (`companies` has 12 indexes). At a million companies, one
 * client (docs/performance.md, 2026-11-30 17:04 UTC section): a user read by id 270 µs through `query`, 235 as one
 * message, 60–80 kept under a name.
 */
export class PgliteStatements {
  /** The text each name was parsed with, once it has been. */
  readonly #parsed = new Map<string, string>();

  constructor(private readonly pglite: PGlite) {}

  /**
   * The result of `text` run as the statement `name` (parsed the first time it comes with that text), with `params`
   * sent as text. `before` and `after` (simple queries, such as a setting and its reset) go in the same message, under
   * the locks PGlite's own queries take (no transaction of another request is open in between); `after` runs even
   * when the statement fails.
   */
  async run(
    name: string,
    text: string,
    params: readonly unknown[],
    options: { rowMode?: 'array' | 'object'; before?: string; after?: string } = {},
  ): Promise<Results> {
    const { serialize } = protocol;
    const parts = options.before === undefined ? [] : [serialize.query(options.before)];
    // Parsed again under a name last parsed with another text, and closed first (no error when there is none): a
    // Parse that went through before an error was not counted.
    if (this.#parsed.get(name) !== text) {
      this.#parsed.delete(name);
      parts.push(serialize.close({ type: 'S', name }), serialize.parse({ name, text }));
    }
    parts.push(
      serialize.bind({ statement: name, values: params.map(asParameter) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      // After an error the engine skips to this Sync, and `after` still runs.
      serialize.sync(),
    );
    if (options.after !== undefined) parts.push(serialize.query(options.after));
    const { pglite } = this;
    const { messages } = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => pglite.execProtocol(joined(parts), { syncToFs: false })),
    );
    this.#parsed.set(name, text);
    const results = parse.parseResults(messages, pglite.parsers, { rowMode: options.rowMode });
    const result = results[options.before === undefined ? 0 : 1];
    if (!result) throw new Error(`no result for the statement ${name}`);
    return result;
  }
}

const statements = new WeakMap<PGlite, PgliteStatements>();

/** The named statements of `pglite` (one set per engine, whichever drizzle instance or module sends them). */
export function pgliteStatementsOf(pglite: PGlite): PgliteStatements {
  let kept = statements.get(pglite);
  if (!kept) {
    kept = new PgliteStatements(pglite);
    statements.set(pglite, kept);
  }
  return kept;
}

/** Whether PgliteStatements can send every one of `params` (asParameter). */
export const sendableAsText = (params: readonly unknown[]) => params.every((value) => asText(value) !== unsendable);

const unsendable = Symbol('not sendable as text');

function asText(value: unknown): string | null | typeof unsendable {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return unsendable;
}

/** A parameter as text, as PGlite's own query sends the types these statements use. */
function asParameter(value: unknown): string | null {
  const text = asText(value);
  if (text === unsendable) throw new TypeError(`named statements take text, numbers and booleans, not ${typeof value}`);
  return text;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
