import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode.js';
import { adoptFirstPaintStyles } from './first-paint-styles.js';
import { system } from './system.js';
import { Toaster } from './toaster.js';

/** Chakra system, colour mode (dark by default) and the toaster: what every app renders inside. */
export function UiProvider({ children }: { children: ReactNode }) {
  // Before anything below inserts a style: the rules the first paint carries are the app's already.
  const cache = useEmotionCache();
  if (cache) adoptFirstPaintStyles(cache);
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
