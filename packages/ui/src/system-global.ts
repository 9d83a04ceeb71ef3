import { version as chakraVersion } from '@chakra-ui/react/package.json';
import type { SystemContext } from '@chakra-ui/react/styled-system';
import { css, type SerializedStyles } from '@emotion/react';

/**
 * Chakra's global styles — the reset, the base styles and a CSS variable for every token, ~37 KB of
 * CSS — under a name known without working them out.
 *
 * Chakra builds them in `createSystem` for the `<Global>` its provider renders: ~180 ms of every cold
 * load at 4× CPU, before anything is live (docs/performance.md, "Chakra's global CSS"). The first
 * paint already carries them (prerendered with this very object: `<style data-emotion="css-global
 * NAME">`), and emotion's `<Global>` adopts a style element of its name without reading the styles
 * (it looks the name up first). So the name is what must be cheap: the Chakra version and a hash of
 * the system's configuration, which together decide the CSS — a first paint prerendered by another
 * app with another Chakra or theme has another name, and its styles are not taken for these. Where no
 * first paint is on the page (dev servers, a partner's page, tests) the styles are worked out on first
 * read, as Chakra would.
 *
 * Chakra is patched to build `_global` lazily and accept this (patches/@chakra-ui__react@3.37.0.patch);
 * `system.test.tsx` checks the styles are exactly Chakra's own.
 */
export function namedGlobalStyles(system: SystemContext): SerializedStyles {
  const name = `chakra-${chakraVersion}-${hashOf(JSON.stringify(system._config))}`;
  let styles: string | undefined;
  let firstPaintCopy: Element | null = null;
  return {
    name,
    // emotion reads this to tell a serialized style from others (`styles !== undefined`) before it looks
    // for an element of the name; while the first paint's copy is on the page it never reads the text.
    get styles() {
      if (styles !== undefined) return styles;
      firstPaintCopy ??= globalThis.document?.querySelector(`style[data-emotion="css-global ${name}"]`) ?? null;
      // Adopted, the element stays (emotion only drops the name from it); gone (a remount), write them.
      if (firstPaintCopy?.isConnected) return '';
      // Chakra's own order (its createSystem): reset, base, tokens.
      styles = css([system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()]).styles;
      return styles;
    },
  };
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
