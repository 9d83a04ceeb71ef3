import http from 'node:http';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  cleanUp,
  cnpjOf,
  ENGINES,
  type Engine,
  listAll,
  login,
  newTaxId,
  serverEnv,
  startServer,
} from './support.js';

/**
 * Fuzzing from the OpenAPI document, against the built server. Every operation of the document
 * gets generated requests: valid-looking bodies with arbitrary Unicode (NUL and lone surrogates
 * included), wrong types, huge and negative numbers, missing and extra fields, wrong content
 * types, broken and empty bodies, long paths and headers, and every kind of token. The server must
 * answer each with a status below 500, every error as `{"detail": …}` in plain words, and no
 * rejected request may create or change a row.
 *
 * FUZZ_SEED fixes the seed (default: a constant, so CI is reproducible; `random` for a new one);
 * FUZZ_REQUESTS sets how many requests per engine (default 10 000).
 */
afterAll(() => cleanUp('fuzzing'));

const DEFAULT_SEED = 20_261_123;
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** Requests in flight at once. */
const CONCURRENCY = 8;

/* ---------- the OpenAPI document ---------- */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

interface Operation {
  method: string;
  template: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: { contentTypes: string[]; schema: JsonSchema };
  label: string;
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const contentTypes = content ? Object.keys(content) : [];
      ops.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body: content ? { contentTypes, schema: content[contentTypes[0] as string]?.schema as JsonSchema } : undefined,
        label: `${method.toUpperCase()} ${template}`,
      });
    }
  }
  return ops;
}

/* ---------- what a request is ---------- */

type Actor = 'anonymous' | 'superuser' | 'user' | 'garbage' | 'basic' | 'expired-looking';

interface FuzzRequest {
  op: string;
  method: string;
  path: string;
  actor: Actor;
  headers: Record<string, string>;
  body?: Buffer;
  bodyKind: string;
}

function describeRequest(r: FuzzRequest) {
  const body = r.body ? JSON.stringify(r.body.subarray(0, 300).toString('latin1')) : '(none)';
  return `${r.method} ${r.path.slice(0, 300)} as ${r.actor} [${r.bodyKind}] headers=${JSON.stringify(
    Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, v.slice(0, 80)])),
  )} body=${body}${r.body && r.body.length > 300 ? `… (${r.body.length} bytes)` : ''}`;
}

/* ---------- generators ---------- */

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD's bytes, as fetch would). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((b) =>
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2e
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const NASTY = [
  '\u0000',
  'a\u0000b',
  'A\ud800',
  '\udc00x',
  '\ud83d',
  '😀',
  'Padaria São João',
  '\u202eevil',
  '\ufeffbom',
  "'; drop table companies; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  ' ',
  '',
  '\r\n',
  'null',
  '-1',
  '1e309',
  'NaN',
];
const RAW_ESCAPES = ['%00', '%C3%28', '%E0%A4%A', '%', '%%', '%ZZ', '%ED%A0%80', '%FF%FE'];

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\ud800', '\udfff', 'a', 'é', '%', '"', '\\', ' ', '😀'),
      maxLength: 20,
    }),
  },
  { weight: 1, arbitrary: fc.nat({ max: 3_000 }).map((n) => 'x'.repeat(n)) },
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(2 ** 53 + 1, -1, -(2 ** 63), 1e308, -0, Number.MAX_SAFE_INTEGER),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const maskedOrNot = (cnpj: string) =>
  fc.constantFrom(
    cnpj,
    `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
  );

type Body = { kind: string; contentType?: string; bytes?: Buffer };

/** `value` once in `odds + 1` draws, `otherwise` the rest of the time. */
function rarely<T, U>(value: fc.Arbitrary<T>, otherwise: U, odds: number): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: odds, arbitrary: fc.constant(otherwise) }, { weight: 1, arbitrary: value });
}

interface Fixtures {
  companyIds: string[];
  userIds: string[];
  emails: string[];
}

function generators(fixtures: Fixtures) {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fixtures.companyIds, ...fixtures.userIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
    { weight: 2, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    { weight: 1, arbitrary: fc.nat({ max: 5_000 }).map((n) => 'a'.repeat(n)) },
  );
  const email = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fixtures.emails) },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 2, arbitrary: text },
  );
  const taxId = fc.integer({ min: 10_000_000, max: 99_999_999 }).map(cnpjOf).chain(maskedOrNot);

  const valid = (name: string, schema: JsonSchema): fc.Arbitrary<unknown> => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(name, s)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'integer':
      case 'number':
        return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000) });
      case 'string':
        if (name === 'email' || name === 'username') return email;
        if (name === 'tax_id') return taxId;
        if (name.includes('password')) return fc.string({ minLength: 8, maxLength: 40 });
        if (schema.format === 'uuid') return id;
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  };
  const field = (name: string, schema: JsonSchema) =>
    fc.oneof(
      { weight: 6, arbitrary: valid(name, schema) },
      { weight: 3, arbitrary: text },
      { weight: 2, arbitrary: wrongType },
    );
  const extraKeys = fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'is_superuser',
        'id',
        'hashed_password',
        'token_version',
        '__proto__',
        'constructor',
        'created_at',
      ),
      text,
    ),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 2 },
  );
  /** An object for a body schema: each property present or not (required ones mostly present), plus extras. */
  const objectFor = (schema: JsonSchema) => {
    const props = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    return fc
      .tuple(
        fc.tuple(
          ...props.map(([name, s]) =>
            fc
              .option(field(name, s), { nil: undefined, freq: required.has(name) ? 12 : 2 })
              .map((v) => [name, v] as const),
          ),
        ),
        rarely(extraKeys, undefined, 3),
      )
      .map(([entries, extra]) =>
        // fromEntries makes `__proto__` an own key, as JSON.parse on the server would see it.
        Object.fromEntries([...entries.filter(([, v]) => v !== undefined), ...Object.entries(extra ?? {})]),
      );
  };

  const formEncode = (object: Record<string, unknown>) =>
    Object.entries(object)
      .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&');
  const multipartEncode = (object: Record<string, unknown>, boundary: string) =>
    Buffer.concat([
      ...Object.entries(object).map(([k, v]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
          'utf8',
        ),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);

  const bodyFor = (op: Operation): fc.Arbitrary<Body> => {
    const schema = op.body?.schema ?? { type: 'object', properties: {} };
    const object = objectFor(schema);
    const isForm = op.body?.contentTypes.includes('application/x-www-form-urlencoded') ?? false;
    const proper: fc.Arbitrary<Body> = isForm
      ? fc.oneof(
          object.map((o) => ({
            kind: 'form',
            contentType: 'application/x-www-form-urlencoded',
            bytes: Buffer.from(formEncode(o)),
          })),
          object.map((o) => ({
            kind: 'multipart',
            contentType: 'multipart/form-data; boundary=fuzzBoundary42',
            bytes: multipartEncode(o, 'fuzzBoundary42'),
          })),
        )
      : object.map((o) => ({ kind: 'json', contentType: 'application/json', bytes: Buffer.from(JSON.stringify(o)) }));
    const broken: fc.Arbitrary<Body> = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((v) => ({
        kind: 'json-not-object',
        contentType: 'application/json',
        bytes: Buffer.from(JSON.stringify(v) ?? 'null'),
      })),
      fc.constant({ kind: 'empty-json', contentType: 'application/json', bytes: Buffer.alloc(0) }),
      object.map((o) => {
        const json = JSON.stringify(o);
        return {
          kind: 'truncated-json',
          contentType: 'application/json',
          bytes: Buffer.from(json.slice(0, json.length / 2)),
        };
      }),
      fc.constant({
        kind: 'not-utf8',
        contentType: 'application/json',
        bytes: Buffer.concat([Buffer.from('{"trading_name":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]),
      }),
      fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=latin1',
            'multipart/form-data; boundary=x',
            'multipart/form-data',
            'application/x-www-form-urlencoded',
            'image/png',
            '',
          ),
          object,
        )
        .map(([contentType, o]) => ({
          kind: 'wrong-content-type',
          contentType,
          bytes: Buffer.from(JSON.stringify(o)),
        })),
      object.map((o) => ({ kind: 'no-content-type', bytes: Buffer.from(JSON.stringify(o)) })),
      fc.nat({ max: 20_000 }).map((n) => ({
        kind: 'deep-nesting',
        contentType: 'application/json',
        bytes: Buffer.from(`${'['.repeat(n)}${']'.repeat(n)}`),
      })),
      fc.constant({
        kind: 'oversized',
        contentType: 'application/json',
        bytes: Buffer.from(JSON.stringify({ trading_name: 'x'.repeat(70_000) })),
      }),
      fc.constant({ kind: 'none' } as Body),
    );
    return fc.oneof({ weight: 8, arbitrary: proper }, { weight: 3, arbitrary: broken });
  };

  const queryValue = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 4, arbitrary: valid('q', schema).map((v) => encode(String(v))) },
      { weight: 2, arbitrary: text.map(encode) },
      {
        weight: 2,
        arbitrary: fc.constantFrom('99999999999999999999', '-1', '1e309', '1.5', '', '0x10', '%205%20', 'true', '0'),
      },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    );
  const queryFor = (op: Operation): fc.Arbitrary<string> => {
    const params = [...op.query, { name: 'unknown', schema: { type: 'string' } as JsonSchema }];
    return fc
      .tuple(
        ...params.map((p) =>
          fc
            .option(fc.array(queryValue(p.schema), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 })
            .map((values) => (values ?? []).map((v) => `${p.name}=${v}`)),
        ),
      )
      .map((parts) => parts.flat().join('&'));
  };

  const actor = fc.constantFrom<Actor>(
    'anonymous',
    'superuser',
    'superuser',
    'user',
    'user',
    'garbage',
    'basic',
    'expired-looking',
  );
  const extraHeaders = fc.oneof(
    { weight: 40, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ 'x-long': 'a'.repeat(20_000) }) },
    { weight: 1, arbitrary: fc.constant({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8', accept: 'text/html' }) },
    { weight: 1, arbitrary: fc.constant({ 'content-encoding': 'gzip' }) },
  );

  return (
    op: Operation,
  ): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { extra: Record<string, string>; contentType?: string }> =>
    fc
      .record({
        params: fc.tuple(...op.pathParams.map((name) => (name === 'email' ? email.map(encode) : id))),
        query: op.query.length > 0 ? queryFor(op) : rarely(queryFor(op), '', 8),
        body: op.body ? bodyFor(op) : rarely(bodyFor(op), { kind: 'none' } as Body, 6),
        actor,
        extra: extraHeaders,
        method: fc.oneof(
          { weight: 20, arbitrary: fc.constant(op.method) },
          fc.constantFrom('PUT', 'OPTIONS', 'HEAD', 'DELETE'),
        ),
        longPath: rarely(fc.nat({ max: 9_000 }), undefined, 30),
      })
      .map(({ params, query, body, actor: who, extra, method, longPath }) => {
        let path = op.template;
        op.pathParams.forEach((name, i) => {
          path = path.replace(`{${name}}`, String(params[i]));
        });
        if (longPath !== undefined) path += `/${'p'.repeat(longPath)}`;
        // Deleting the ordinary actor would leave the rest of the run without one.
        const safeActor = op.label === 'DELETE /api/v1/users/me' && who === 'user' ? 'anonymous' : who;
        return {
          op: op.label,
          method,
          path: query ? `${path}?${query}` : path,
          actor: safeActor,
          extra,
          contentType: body.contentType,
          body: body.bytes,
          bodyKind: body.kind,
        };
      });
}

/* ---------- sending and checking ---------- */

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

function send(base: URL, r: FuzzRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // Node's client sends a GET/HEAD/DELETE body without a length unless told; say it, so the
    // request is well-formed HTTP whatever the method.
    const headers = r.body ? { ...r.headers, 'content-length': String(r.body.length) } : r.headers;
    const req = http.request(
      { host: base.hostname, port: base.port, method: r.method, path: r.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end(r.body);
  });
}

const RAW_VALIDATOR_TEXT = /Invalid \w+: |but received/;

/** Why a reply breaks the API's promises, or undefined when it keeps them. */
function problemWith(r: FuzzRequest, reply: Reply): string | undefined {
  if (reply.status >= 500) return `answered ${reply.status}: ${reply.text.slice(0, 300)}`;
  if (reply.status < 400 || r.method === 'HEAD') return undefined;
  if (!reply.contentType.startsWith('application/json'))
    return `error ${reply.status} is not JSON (${reply.contentType})`;
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    return `error ${reply.status} body is not JSON: ${reply.text.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'detail') {
    return `error ${reply.status} is not {"detail": …}: ${reply.text.slice(0, 300)}`;
  }
  const { detail } = body as { detail: unknown };
  if (typeof detail === 'string') return detail.length > 0 ? undefined : 'empty detail';
  if (!Array.isArray(detail) || detail.length === 0)
    return `detail is neither text nor a list: ${reply.text.slice(0, 300)}`;
  for (const item of detail as { loc?: unknown; msg?: unknown; type?: unknown }[]) {
    const loc = item.loc as unknown[];
    if (!Array.isArray(loc) || !['body', 'query', 'path'].includes(loc[0] as string))
      return `bad loc: ${JSON.stringify(item)}`;
    if (typeof item.msg !== 'string' || typeof item.type !== 'string') return `bad item: ${JSON.stringify(item)}`;
    if (RAW_VALIDATOR_TEXT.test(item.msg)) return `validator's raw message: ${item.msg}`;
  }
  return undefined;
}

/** Which row a successful mutation may have created or changed (the rest must stay as they were). */
function touchedBy(r: FuzzRequest, reply: Reply, actorIds: Record<string, string>): string[] {
  if (reply.status >= 300 || r.method === 'GET' || r.method === 'HEAD' || r.method === 'OPTIONS') return [];
  const pathOnly = r.path.split('?')[0] as string;
  const ids = [...pathOnly.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi)].map((m) =>
    m[0].toLowerCase(),
  );
  try {
    const body = JSON.parse(reply.text) as { id?: string };
    if (body.id) ids.push(body.id);
  } catch {
    // No JSON body.
  }
  if (pathOnly.includes('/users/me')) ids.push(actorIds[r.actor] ?? '');
  // A bulk action names its companies in the body (`POST /companies/bulk`).
  const sent = r.body ? r.body.toString('latin1') : '';
  for (const m of sent.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi)) {
    ids.push(m[0].toLowerCase());
  }
  return ids;
}

type Row = Record<string, unknown> & { id: string };

async function snapshot(base: string, token: string) {
  const [companies, users] = await Promise.all([
    listAll<Row>(base, 'companies', token),
    listAll<Row>(base, 'users', token),
  ]);
  return new Map([...companies, ...users].map((row) => [row.id, JSON.stringify(row)]));
}

/* ---------- the run ---------- */

/** A server on `engine` with fixtures: a super user, an ordinary user (the actors), target users and companies. */
async function fuzzTarget(engine: Engine) {
  // 300 login, sign-up, recovery and reset attempts a minute reach their handlers (weird but
  // well-formed input included); past that they are 429s, which keeps the run from being a
  // benchmark of argon2.
  const server = await startServer(await serverEnv(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '300', LOG_LEVEL: 'warn' }));
  const superToken = await login(server.url);
  const api = `${server.url}/api/v1`;
  const signup = (email: string) =>
    call(`${api}/users/signup`, { method: 'POST', json: { email, password: 'fuzz-password-1', full_name: 'Fuzz' } });
  const actor = await signup('fuzz-actor@example.com');
  const userId = (actor.body as { id: string }).id;
  const userToken = await login(server.url, 'fuzz-actor@example.com', 'fuzz-password-1');
  const superId = ((await call(`${api}/users/me`, { token: superToken })).body as { id: string }).id;
  const emails = ['alvo-1@example.com', 'alvo-2@example.com', 'alvo-3@example.com'];
  const targets = await Promise.all(emails.map(signup));
  const companies = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      call(`${api}/companies/`, {
        method: 'POST',
        token: superToken,
        json: { trading_name: `Fuzz ${i}`, legal_name: `Fuzz ${i} Ltda`, tax_id: newTaxId(), type: 'matriz' },
      }),
    ),
  );
  const fixtures: Fixtures = {
    userIds: targets.map((t) => (t.body as { id: string }).id),
    companyIds: companies.map((c) => (c.body as { id: string }).id),
    emails: [...emails, 'owner@example.com', 'ninguem@example.com'],
  };
  return { server, superToken, userToken, userId, superId, fixtures };
}

// The engines are fuzzed at the same time: each server is one busy process, and the machine has two cores.
describe.concurrent('fuzzing the API from its OpenAPI document', () => {
  it.each(ENGINES)(
    `%s: ${REQUESTS} generated requests, no 5xx, every error as {"detail"}, rejected ones changing nothing`,
    async (engine) => {
      const { server, superToken, userToken, userId, superId, fixtures } = await fuzzTarget(engine);
      const doc = (await call(`${server.url}/api/v1/openapi.json`)).body as Parameters<typeof operationsOf>[0];
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThanOrEqual(20);
      const requestFor = generators(fixtures);
      const base = new URL(server.url);
      const tokens: Record<Actor, string | undefined> = {
        anonymous: undefined,
        superuser: `Bearer ${superToken}`,
        user: `Bearer ${userToken}`,
        garbage: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        basic: `Basic ${Buffer.from('portal:secret').toString('base64')}`,
        'expired-looking': `Bearer ${superToken.slice(0, -4)}AAAA`,
      };
      const actorIds: Record<string, string> = { superuser: superId, user: userId };
      const request = fc
        .constantFrom(...ops)
        .chain(requestFor)
        .map(({ extra, contentType, ...r }): FuzzRequest => {
          const headers: Record<string, string> = { ...extra };
          const auth = tokens[r.actor];
          if (auth) headers.authorization = auth;
          if (contentType !== undefined && r.body) headers['content-type'] = contentType;
          return { ...r, headers };
        });

      const opMs = new Map<string, number>();
      const timed = async <T>(op: string, work: Promise<T>) => {
        const t0 = performance.now();
        try {
          return await work;
        } finally {
          opMs.set(op, (opMs.get(op) ?? 0) + performance.now() - t0);
        }
      };
      const before = await snapshot(server.url, superToken);
      const touched = new Set<string>();
      const statuses = new Map<number, number>();
      const kinds = new Map<string, number>();
      let sent = 0;
      const started = performance.now();
      console.log(
        `[fuzz:${engine}] seed ${SEED} (reproduce: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}), ${ops.length} operations`,
      );

      // fast-check generates the requests from the seed; a pool keeps CONCURRENCY of them in flight
      // (a stateful server makes shrinking meaningless, so a failure names the request instead).
      const requests = fc.sample(request, { seed: SEED, numRuns: REQUESTS });
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < requests.length && failures.length < 5) {
          const index = next++;
          const r = requests[index] as FuzzRequest;
          let reply: Reply;
          try {
            reply = await timed(r.op, send(base, r));
          } catch (error) {
            // A server may close the connection after refusing an oversized body or headers
            // before the client finished writing: that is a refusal, not a failure.
            const code = String((error as NodeJS.ErrnoException).code);
            if ((r.bodyKind === 'oversized' || r.headers['x-long']) && /EPIPE|ECONNRESET/.test(code)) continue;
            failures.push(`#${index} ${describeRequest(r)}\n  → ${(error as Error).message}`);
            continue;
          }
          sent++;
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          kinds.set(r.bodyKind, (kinds.get(r.bodyKind) ?? 0) + 1);
          for (const id of touchedBy(r, reply, actorIds)) touched.add(id);
          const problem = problemWith(r, reply);
          if (problem) failures.push(`#${index} ${describeRequest(r)}\n  → ${problem}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect(failures, `seed ${SEED}: the requests that broke a promise`).toEqual([]);
      await expect(call(`${server.url}/api/v1/utils/health-check/`)).resolves.toMatchObject({ status: 200 });

      // Every row that changed, appeared or vanished was named by an accepted (2xx) mutation.
      const after = await snapshot(server.url, superToken);
      const unexplained: string[] = [];
      for (const [id, row] of before) if (!touched.has(id) && after.get(id) !== row) unexplained.push(`changed ${row}`);
      for (const [id, row] of after) if (!before.has(id) && !touched.has(id)) unexplained.push(`created ${row}`);
      expect(unexplained).toEqual([]);

      const seconds = (performance.now() - started) / 1000;
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `[fuzz:${engine}] ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), 0 × 5xx; ` +
          `statuses ${histogram.join(' ')}; bodies ${[...kinds].map(([k, n]) => `${k}×${n}`).join(' ')}; ` +
          `${touched.size} rows touched by accepted requests, ${before.size} → ${after.size} rows, none changed by a rejected one; ` +
          `most waited-on operations (sum of latencies, ms): ${[...opMs]
            .sort(([, a], [, b]) => b - a)
            .slice(0, 4)
            .map(([op, ms]) => `${op} ${Math.round(ms)}`)
            .join(', ')}`,
      );
    },
  );
});
