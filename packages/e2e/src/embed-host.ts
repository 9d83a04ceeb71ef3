import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { freePort } from '@backoffice/server/testing/free-port';
import { REPO_ROOT } from './product.js';

export interface EmbedHost {
  /** e.g. http://localhost:PORT — another origin than the product's http://127.0.0.1:PORT. */
  origin: string;
  close(): Promise<void>;
}

/** The host page's own styles: loud on purpose, to show they neither reach nor break the embed. */
export const HOST_CSS = `
  body { margin: 0; font-family: Georgia, serif; font-size: 20px; color: rgb(10, 80, 20); background: rgb(250, 245, 230); text-align: center; }
  h1#host-title { font-size: 31px; letter-spacing: 2px; color: rgb(120, 20, 90); }
  button, input { background: hotpink; font-family: 'Comic Sans MS', cursive; border-radius: 0; }
  table, td, th { border: 3px dashed orange; }
`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * A third-party portal on its own origin: a plain HTML page whose only script is the product's
 * embed.js. `/portal?api=…&token=…[&routing=url][&color-mode=light][&embed=0]` (embed=0 leaves the embed out, the
 * baseline for "the host's computed styles are unchanged").
 */
export async function startEmbedHost(): Promise<EmbedHost> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/portal') {
      response.writeHead(404).end();
      return;
    }
    const api = url.searchParams.get('api') ?? '';
    const token = url.searchParams.get('token');
    const routing = url.searchParams.get('routing');
    const colorMode = url.searchParams.get('color-mode');
    const withEmbed = url.searchParams.get('embed') !== '0';
    const attributes = [
      `api-base-url="${escapeAttribute(api)}"`,
      token ? `token="${escapeAttribute(token)}"` : '',
      routing ? `routing="${escapeAttribute(routing)}"` : '',
      colorMode ? `color-mode="${escapeAttribute(colorMode)}"` : '',
    ].join(' ');
    const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Portal do parceiro</title><style>${HOST_CSS}</style></head>
<body>
  <header><h1 id="host-title">Portal do parceiro</h1><button id="host-button" type="button">Botão do portal</button></header>
  <main>
    ${withEmbed ? `<backoffice-companies ${attributes}></backoffice-companies>` : ''}
  </main>
  ${withEmbed ? `<script src="${escapeAttribute(api)}/remotes/companies/embed/v1/embed.js"></script>` : ''}
</body>
</html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface PartnerPortal {
  /** http://localhost:PORT — the origin its partner key lists. */
  origin: string;
  stop(): Promise<void>;
}

/** remote-companies' example portal, the very file its README hands to partners. */
const PARTNER_PORTAL_EXAMPLE = path.join(REPO_ROOT, 'remote-companies/examples/partner-portal.mjs');

/** The origin a partner portal will have, to list in its key before it starts (startPartnerPortal). */
export async function partnerPortalOrigin(): Promise<{ origin: string; port: number }> {
  const port = await freePort();
  return { origin: `http://localhost:${port}`, port };
}

/**
 * Runs the README's partner portal (plain Node): its page embeds the companies screen with a
 * `fetchToken` that asks the portal's server, which exchanges `partnerKey` with the product.
 */
export async function startPartnerPortal(options: {
  backofficeUrl: string;
  partnerKey: string;
  port: number;
}): Promise<PartnerPortal> {
  const child = spawn(process.execPath, [PARTNER_PORTAL_EXAMPLE], {
    env: {
      ...process.env,
      BACKOFFICE_URL: options.backofficeUrl,
      PARTNER_KEY: options.partnerKey,
      PORT: String(options.port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const origin = `http://localhost:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the partner portal exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(origin).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the partner portal did not answer within 15 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The partner portal as a worker fixture of Playwright (`host: [embedHostFixture, { scope: 'worker' }]`):
 * started once per worker, closed after its tests.
 */
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
export async function embedHostFixture({}: object, use: (host: EmbedHost) => Promise<void>): Promise<void> {
  const host = await startEmbedHost();
  await use(host);
  await host.close();
}
