// The page's head script (see src/early-data.ts): with a stored token, asks for the current user and
// the first screen's data the server listed in the page (`early` of #backoffice-config) before the
// app's code has run, and leaves the answers on window.__BACKOFFICE_EARLY__ for the app to take over.
// Plain modern JavaScript without imports: the shell's build serves it minified (pluginHeadScript).
(() => {
  try {
    const config = {
      ...JSON.parse(document.getElementById('backoffice-config')?.textContent || '{}'),
      ...window.__BACKOFFICE_CONFIG__,
    };
    const { early } = config;
    const token = localStorage.getItem('access_token');
    // Not for another API origin, nor where the app clears the session at start (localhost; session-start.ts).
    if (!early || !token || config.apiBaseUrl) return;
    if (location.hostname === 'localhost' && config.clearSessionOnLocalhost !== false) return;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const answers = {};
    const ask = (path, when) => {
      const url = new URL(path, location.href).href;
      const answer = when ? when.then((go) => go && fetch(url, { headers })) : fetch(url, { headers });
      // A failure is the app's to see (it then asks itself), not an unhandled rejection here.
      answer.catch(() => {});
      answers[url] = answer;
      return answer;
    };
    window.__BACKOFFICE_EARLY__ = { token, answers };
    const me = ask('/api/v1/users/me');
    for (const path of early.get || []) ask(path);
    const user = me.then((response) => response.ok && response.clone().json());
    // The first paint shows the user as soon as known (the shell's head/first-paint.js: the greeting).
    user.then(
      (known) => known && document.dispatchEvent(new CustomEvent('backoffice:early-user', { detail: known })),
      () => {},
    );
    // A super user's requests wait for the user; answered `false`, the app asks itself after all. Unless
    // the token's owner was one at the last answer (kept beside the token, src/token.ts): then they leave
    // now, not behind the app's code. A right taken away since is refused, and the screen never uses it.
    // (The same check of the token's `sub` as the shell's head/first-paint.js: two scripts, no shared code.)
    let superuser = user.then((known) => known?.is_superuser);
    try {
      const kept = JSON.parse(localStorage.getItem('user_greeting'));
      const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (kept.superuser && kept.id === claims.sub) superuser = Promise.resolve(true);
    } catch {
      // Nothing kept, or not readable: wait for the user.
    }
    for (const path of early.superuser || []) ask(path, superuser);
  } catch {
    // Only a head start: the app asks for everything itself.
  }
})();
