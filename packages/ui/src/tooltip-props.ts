import type { ReactNode } from 'react';

/** What a tooltip takes: its own module, so the lazy view and its loader both use it without importing each other. */
export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** When true the trigger renders alone (e.g. the expanded menu shows its labels already). */
  disabled?: boolean;
  openDelay?: number;
  placement?: 'top' | 'right' | 'bottom' | 'left';
}
