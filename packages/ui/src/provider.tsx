import { ChakraProvider } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode.js';
import { system } from './system.js';
import { Toaster } from './toaster.js';

/** Chakra system, colour mode (dark by default) and the toaster: what every app renders inside. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
