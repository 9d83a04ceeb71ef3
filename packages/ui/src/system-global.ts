import { version as chakraVersion } from '@chakra-ui/react/package.json';
import type { SystemContext } from '@chakra-ui/react/styled-system';
import { css, type SerializedStyles } from '@emotion/react';
import { namedFirstPaintGlobal } from './first-paint-styles.js';

/**
 * Chakra's global styles — the reset, the base styles and a CSS variable for every token, ~37 KB of
 * CSS — under a name known without working them out.
 *
 * Chakra builds them in `createSystem` for the `<Global>` its provider renders: ~180 ms of every cold
 * load at 4× CPU, before anything is live (docs/performance.md, "Chakra's global CSS"). The first
 * paint already carries them (prerendered with this very object), and the `<Global>` inserts nothing
 * while its copy is on the page (first-paint-styles.ts). So the name is what must be cheap: the Chakra
 * version and a hash of the system's configuration, which together decide the CSS — a first paint
 * prerendered by another app with another Chakra or theme has another name, and its styles are not
 * taken for these. Where no first paint is on the page (dev servers, a partner's page, tests) the
 * styles are worked out on first read, as Chakra would.
 *
 * Chakra is patched to build `_global` lazily and accept this (patches/@chakra-ui__react@3.37.0.patch);
 * `system.test.tsx` checks the styles are exactly Chakra's own.
 */
export function namedGlobalStyles(system: SystemContext): SerializedStyles {
  const name = `chakra-${chakraVersion}-${hashOf(JSON.stringify(system._config))}`;
  // Chakra's own order (its createSystem): reset, base, tokens.
  return namedFirstPaintGlobal(
    name,
    () => css([system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()]).styles,
  );
}

/**
 * The order of Chakra's cascade layers (`@layer reset, base, tokens, recipes;`), which its provider puts
 * in a `<Global>` of its own, under a name of its text: the first paint carries it too.
 */
export function namedLayerOrder(system: SystemContext): SerializedStyles {
  const atRule = system.layers.atRule;
  return namedFirstPaintGlobal(`chakra-layers-${hashOf(atRule)}`, () => atRule);
}

/** FNV-1a, 32 bits, base 36: a short name for a long text (not a security measure). */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
