import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

/** Dark unless the person chose otherwise (spec §1, §9). */
export const DEFAULT_COLOR_MODE: ColorMode = 'dark';

/** Where the chosen colour mode is kept (local storage). */
export const COLOR_MODE_STORAGE_KEY = 'theme';

/**
 * Dark by default, no system mode, the choice persisted (spec §1, §9). Not next-themes'
 * `disableTransitionOnChange`: it also applies on every start, where the mode does not change, and its
 * style for the whole page, added and then removed, has Chromium work out every element's styles twice
 * before the app is live (docs/performance.md, 2026-12-01). A change turns transitions off itself.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme={DEFAULT_COLOR_MODE}
      enableSystem={false}
      themes={['light', 'dark']}
      storageKey={COLOR_MODE_STORAGE_KEY}
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
  const setColorMode = (mode: ColorMode) => withoutTransitions(() => setTheme(mode));
  return {
    colorMode,
    setColorMode,
    toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

/**
 * Runs a colour mode change with every transition off, so that the page takes its new colours at once
 * instead of each control fading on its own. next-themes applies the mode in an effect after the next
 * render; the style goes once two frames have been drawn after the change.
 */
function withoutTransitions(change: () => void) {
  const style = document.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(style);
  change();
  requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
}
