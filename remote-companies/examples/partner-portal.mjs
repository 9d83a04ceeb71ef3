// A partner portal that shows the back office's companies screen, in plain Node (no framework, no
// dependency). Its server exchanges the portal's partner key for short-lived embed tokens and hands
// them to its own signed-in visitors; its page gives the embed a fetchToken that asks for one.
//
//   BACKOFFICE_URL=https://backoffice.example.com PARTNER_KEY=bo_pk_… PORT=3000 node partner-portal.mjs
//
// The partner key is created by a back office super user (POST /api/v1/partner-keys/) with this
// portal's origin (here http://localhost:3000) and is shown once. Keep it on the server: never in a page.
import http from 'node:http';

const BACKOFFICE_URL = (process.env.BACKOFFICE_URL ?? '').replace(/\/+$/, '');
const PARTNER_KEY = process.env.PARTNER_KEY ?? '';
const PORT = Number(process.env.PORT ?? 3000);
if (!BACKOFFICE_URL || !PARTNER_KEY) throw new Error('Set BACKOFFICE_URL and PARTNER_KEY');

/** The last embed token, reused while more than half of its life is left: it is not tied to a visitor. */
let cached; // { token, expiresAt, lifetimeMs }
let pending; // the exchange in flight, shared by the visitors who ask meanwhile

async function exchangePartnerKey() {
  const response = await fetch(`${BACKOFFICE_URL}/api/v1/embed/token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${PARTNER_KEY}` },
  });
  if (!response.ok) throw new Error(`the back office refused the partner key (${response.status})`);
  const { access_token, expires_in } = await response.json();
  cached = { token: access_token, expiresAt: Date.now() + expires_in * 1000, lifetimeMs: expires_in * 1000 };
  return cached;
}

async function embedToken() {
  if (cached && cached.expiresAt - Date.now() > cached.lifetimeMs / 2) return cached;
  pending ??= exchangePartnerKey().finally(() => {
    pending = undefined;
  });
  return pending;
}

/** Your portal's own session check: only your signed-in visitors may see the companies. */
function isSignedIn(_request) {
  return true; // replace with your portal's check (session cookie, SSO, …)
}

const attribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const page = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <title>Portal do parceiro</title>
  </head>
  <body>
    <main>
      <h1>Portal do parceiro</h1>
      <backoffice-companies api-base-url="${attribute(BACKOFFICE_URL)}"></backoffice-companies>
    </main>
    <script>
      // Asked on start, before each token expires, and once more if the back office refuses one.
      document.querySelector('backoffice-companies').fetchToken = async () => {
        const response = await fetch('/backoffice-token', { method: 'POST' });
        if (!response.ok) return null; // the screen shows "Sessão ausente ou expirada"
        return response.json(); // { token, expiresIn }
      };
    </script>
    <script src="${attribute(BACKOFFICE_URL)}/remotes/companies/embed/v1/embed.js"></script>
  </body>
</html>`;

http
  .createServer(async (request, response) => {
    if (request.method === 'POST' && request.url === '/backoffice-token') {
      if (!isSignedIn(request)) return response.writeHead(401).end();
      try {
        const { token, expiresAt } = await embedToken();
        const expiresIn = Math.floor((expiresAt - Date.now()) / 1000);
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        return response.end(JSON.stringify({ token, expiresIn }));
      } catch (error) {
        console.error(error.message);
        return response.writeHead(502).end();
      }
    }
    if (request.method === 'GET' && request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return response.end(page);
    }
    response.writeHead(404).end();
  })
  .listen(PORT, () => console.log(`partner portal on http://localhost:${PORT}`));
