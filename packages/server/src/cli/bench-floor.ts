import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { AccessTokens } from '../services/access-tokens.js';

/**
 * The fair ceiling `bench:api` compares the API with: a bare `node:http` + `pg` server that does the
 * work each request needs and nothing else — the same token check (our `AccessTokens`, with its
 * cache), the very statements the repositories send, as named prepared statements with their
 * parameters (as the server's prepared pages are), and the rows written back as JSON. No framework, no
 * schema validation, no hooks, no logging, no compression. What the API spends above this floor is
 * what Fastify, Drizzle and our own plumbing cost.
 *
 * Started by `bench:api` as `backoffice-server bench-floor FILE` in its own process, like the server.
 */
export interface FloorPlan {
  port: number;
  databaseUrl: string;
  secretKey: string;
  poolSize: number;
  /** Request path (with its query, exactly as the load generator sends it) → what to do for it. */
  routes: Record<string, FloorRoute>;
}

export interface FloorRoute {
  auth: boolean;
  statements: CapturedStatement[];
}

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

export async function serveFloor(planFile: string): Promise<http.Server> {
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as FloorPlan;
  const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.poolSize });
  const tokens = new AccessTokens(plan.secretKey, 60);
  // One name per distinct statement text, as the server's `.prepare(name)` gives each page shape.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    const known = names.get(text);
    if (known) return known;
    const name = `floor_${names.size}`;
    names.set(text, name);
    return name;
  };

  const server = http.createServer((request, response) => {
    if (request.url === '/ready') {
      response.writeHead(200).end();
      return;
    }
    const route = plan.routes[request.url ?? ''];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    void answer(route, request.headers.authorization).then(
      (body) => {
        const json = JSON.stringify(body);
        response.writeHead(body === null ? 401 : 200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(json),
        });
        response.end(json);
      },
      () => response.writeHead(500).end(),
    );
  });

  async function answer(route: FloorRoute, authorization: string | undefined): Promise<unknown> {
    const claims = route.auth ? await tokens.verify(authorization?.slice('Bearer '.length) ?? '') : undefined;
    if (claims === null) return null;
    let rows: Record<string, unknown>[] = [];
    for (const [index, statement] of route.statements.entries()) {
      rows = (await pool.query({ name: nameOf(statement.text), text: statement.text, values: statement.values })).rows;
      // An authenticated request's first statement reads the user: the server compares the token's
      // version with the row's (revocation), so the floor does too.
      if (claims && index === 0 && rows[0]?.token_version !== claims.version) return null;
    }
    return { data: rows, count: rows.length };
  }

  await new Promise<void>((resolve) => server.listen(plan.port, '127.0.0.1', resolve));
  const close = () => server.close(() => void pool.end().then(() => process.exit(0)));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  return server;
}
