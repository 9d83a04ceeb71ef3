// The first paint's head script (docs/architecture.md, "First paint"): run before the body is parsed, it
// makes the choices the prerendered page's CSS reads, so the first paint is the right one — the stored
// colour mode (dark by default; packages/ui color-mode.tsx), whether a session is stored (the frame or the
// public page; api-client token.ts, session-start.ts), the menu's stored width (shell layout/AppFrame.tsx).
// It also keeps a form of the first paint from being sent before the app is live, noting it for the app
// (first-paint/takeover.ts). Plain JavaScript without imports: the shell's build serves it minified.
(() => {
  const html = document.documentElement;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  let config = {};
  try {
    config = {
      ...JSON.parse(document.getElementById('backoffice-config')?.textContent || '{}'),
      ...window.__BACKOFFICE_CONFIG__,
    };
  } catch {
    // A page without settings: the defaults.
  }
  const theme = read('theme') === 'light' ? 'light' : 'dark';
  html.classList.add(theme);
  html.style.colorScheme = theme;
  // On localhost the app clears the stored session at start (spec §4): it will be signed out.
  const cleared = location.hostname === 'localhost' && config.clearSessionOnLocalhost !== false;
  html.setAttribute('data-session', read('access_token') && !cleared ? 'in' : 'out');
  if (read('sidebar_collapsed') === 'true') html.setAttribute('data-sidebar', 'collapsed');
  // The dashboard's greeting (the prerendered heading holds the name's slot, and the name for a user
  // without one): at once with the name kept beside the token (api-client token.ts) while that token is the
  // same person's, and again when the early request for the current user answers (api-client head/early-data.js).
  const greet = (name) => {
    for (const heading of document.querySelectorAll('#first-paint [data-greeting] h1')) {
      const template = heading.dataset.template ?? heading.textContent;
      // A heading the parser has not finished yet is left for the next call.
      if (!template.includes('__BO_USER__')) continue;
      heading.dataset.template = template;
      heading.textContent = template.replace('__BO_USER__', name || heading.dataset.defaultName);
      if (heading.hidden) heading.previousElementSibling?.remove();
      heading.hidden = false;
    }
  };
  document.addEventListener('backoffice:early-user', (event) => greet(event.detail.full_name));
  try {
    const kept = JSON.parse(read('user_greeting'));
    const claims = JSON.parse(atob(read('access_token').split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (claims.sub === kept.id && html.getAttribute('data-session') === 'in') {
      // The body is not parsed yet: greet as the parser adds the heading (observers run before any paint;
      // greeting only a heading still hidden, or its own changes would call it again and again).
      const watch = new MutationObserver(() => {
        if (document.querySelector('#first-paint [data-greeting] h1[hidden]')) greet(kept.name);
      });
      watch.observe(html, { childList: true, characterData: true, subtree: true });
      document.addEventListener('DOMContentLoaded', () => watch.disconnect());
    }
  } catch {
    // No name kept, or another person's token: the greeting waits for the early answer.
  }
  // A field left before the app is live was visited: the app's form then checks it, as if left live.
  document.addEventListener('focusout', (event) => {
    const name = event.target.name;
    if (!name || !document.getElementById('first-paint')?.contains(event.target)) return;
    const left = html.getAttribute('data-first-paint-left');
    html.setAttribute('data-first-paint-left', left ? `${left} ${name}` : name);
  });
  // A button (not a form's submit, noted below) pressed before the app is live: the app presses it once live.
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target.closest?.('button:not([type=submit])');
      if (button && document.getElementById('first-paint')?.contains(button)) {
        button.setAttribute('data-first-paint-clicked', '');
      }
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const first = document.getElementById('first-paint');
      if (!first?.contains(event.target)) return;
      event.preventDefault();
      html.setAttribute('data-first-paint-submit', String([...first.querySelectorAll('form')].indexOf(event.target)));
    },
    true,
  );
})();
