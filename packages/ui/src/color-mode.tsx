import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

/** Dark unless the person chose otherwise (spec §1, §9). */
export const DEFAULT_COLOR_MODE: ColorMode = 'dark';

/** Where the chosen colour mode is kept (local storage). */
export const COLOR_MODE_STORAGE_KEY = 'theme';

/** Dark by default, no system mode, the choice persisted (spec §1, §9). */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme={DEFAULT_COLOR_MODE}
      enableSystem={false}
      themes={['light', 'dark']}
      storageKey={COLOR_MODE_STORAGE_KEY}
      disableTransitionOnChange
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode(): {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
} {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'light' ? 'light' : 'dark';
  return {
    colorMode,
    setColorMode: setTheme,
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}
