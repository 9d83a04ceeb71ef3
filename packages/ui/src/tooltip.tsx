import { lazy, Suspense } from 'react';
import type { TooltipProps } from './tooltip-props.js';

export type { TooltipProps };

// The tooltip's machinery (zag, floating-ui: ~15 KB gzip) loads when a tooltip is first shown enabled,
// not with every page that may show one (the expanded menu never does).
const loadView = () => import('./tooltip-view.js');
const TooltipView = lazy(loadView);

/** Loads the tooltip's code ahead of its first use (when the browser is idle, say). */
export function preloadTooltip(): void {
  void loadView();
}

/** A label shown on hover and focus; until its code is there, the trigger shows alone. */
export function Tooltip(props: TooltipProps) {
  if (props.disabled) return <>{props.children}</>;
  return (
    <Suspense fallback={props.children}>
      <TooltipView {...props} />
    </Suspense>
  );
}
