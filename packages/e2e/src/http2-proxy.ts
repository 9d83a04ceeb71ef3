import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/**
 * An HTTP/2 TLS front for a product served over HTTP/1.1, as a deployment's proxy would be (`bench:web
 * --http2`): one connection per page, the requests multiplexed and prioritised by the browser, where HTTP/1.1
 * gives it six connections that each wait for their answer. Only for measuring: a certificate made for this run,
 * which the browser is told to trust (http2ChromiumArgs), no `X-Forwarded-*` (the server sees the proxy's own
 * address, as without it).
 */
export interface Http2Front {
  /** https://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

let certificate: { key: Buffer; cert: Buffer } | undefined;

/** The run's throwaway self-signed certificate for 127.0.0.1 (one for every proxy), made by the machine's openssl. */
function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  certificate ??= makeCertificate();
  return certificate;
}

/**
 * Chromium's flag that trusts the run's certificate by its public key. Trusted, not merely accepted: Chromium keeps
 * nothing in its HTTP cache from a page whose certificate has an error (`ignoreHTTPSErrors`), and would fetch a
 * file again that a real deployment serves from the cache.
 */
export function http2ChromiumArgs(): string[] {
  const publicKey = crypto.createPublicKey(throwawayCertificate().cert).export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${crypto.createHash('sha256').update(publicKey).digest('base64')}`];
}

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-h2-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const request = ['req', '-x509', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'];
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-keyout', key, '-out', cert];
    const made = spawnSync('openssl', [...request, '-addext', 'subjectAltName=IP:127.0.0.1', ...ecKey], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Headers HTTP/2 forbids or that belong to one HTTP/1.1 connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

export async function startHttp2Front(target: string): Promise<Http2Front> {
  const origin = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  // HTTP/1.1 too, for the bench's own fetches (Node's fetch speaks no HTTP/2); the browser negotiates HTTP/2.
  const server = http2.createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) forwarded[name] = value;
    }
    forwarded.host = origin.host;
    const request = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwarded,
      },
      (response) => {
        const answer: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        outgoing.writeHead(response.statusCode ?? 502, answer);
        response.pipe(outgoing as NodeJS.WritableStream);
      },
    );
    request.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.on('error', () => request.destroy());
    incoming.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (the browser keeps its connection) would hold close() forever.
        setTimeout(resolve, 1000).unref();
      }),
  };
}
