import { system } from '@backoffice/ui';
import { createSystem, defineConfig, type SystemContext } from '@chakra-ui/react/styled-system';

const HOST = ':host';

/**
 * The product's Chakra system re-rooted in a shadow root: tokens on `:host` (a `:where(html, …)`
 * selector matches nothing inside a shadow tree), the reset scoped to it, and the colour mode read
 * from the host element's `data-color-mode` (dark unless it says light), so no class is ever put
 * on the host page's `<html>`.
 */
export const embedSystem: SystemContext = createSystem(
  system._config,
  defineConfig({
    cssVarsRoot: HOST,
    preflight: { scope: HOST },
    conditions: {
      light: ':host([data-color-mode=light]) &, .light &',
      dark: ':host &, .dark &',
    },
    globalCss: {
      [HOST]: {
        // Nothing inherited from the host page (fonts, colours, alignment) reaches the screen.
        all: 'initial',
        display: 'block',
        fontFamily: 'body',
        fontSize: 'md',
        lineHeight: '1.5',
        color: 'fg',
        bg: 'bg',
        colorPalette: 'brand',
      },
    },
  }),
);
