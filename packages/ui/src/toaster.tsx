import { type ComponentType, useEffect, useState } from 'react';
import { apiErrorText } from './api-error-text.js';
import { uiMessages } from './messages.js';

type ToasterModule = typeof import('./toaster-view.js');

// Chakra's toast machinery (~6 KB gzip) is not needed to show a page, only to show a notice: it
// loads with the first one, and every page before it starts sooner. A failed load (offline, a new
// deploy that removed the old chunk) is logged once and forgotten, so the next notice tries again:
// kept, it would silence every later notice of the session.
let loading: Promise<ToasterModule> | undefined;
const loadToaster = () => {
  loading ??= import('./toaster-view.js').catch((error: unknown) => {
    loading = undefined;
    console.error('[ui] the notices could not be loaded', error);
    throw error;
  });
  return loading;
};
/** The failure is already logged by `loadToaster`; a lost notice is no unhandled rejection. */
const ignore = () => {};
const waitingForView = new Set<() => void>();

/**
 * How long a notice stays when nobody points at or focuses it (both pause it). Chakra's default of
 * 2 s for a success was gone before a slow reader saw it (issue 28): at least 5 s, an error longer.
 */
export const NOTICE_DURATION_MS = { success: 6_000, error: 8_000 } as const;

/** A notice (success or error), bottom-right and closable (spec §8). */
function show(type: 'success' | 'error', title: string, description?: string): void {
  for (const mount of waitingForView) mount();
  void loadToaster()
    .then(({ toaster }) =>
      toaster.create({ type, title, description, closable: true, duration: NOTICE_DURATION_MS[type] }),
    )
    .catch(ignore);
}

/** Where the notices appear; renders nothing until the first notice. */
export function Toaster() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    const mount = () => {
      void loadToaster()
        .then((module) => {
          if (active) setView(() => module.ToasterView);
        })
        .catch(ignore);
    };
    // A notice shown before this rendered (or the machinery already loaded) mounts the view at once.
    if (loading) mount();
    waitingForView.add(mount);
    return () => {
      active = false;
      waitingForView.delete(mount);
    };
  }, []);
  return View ? <View /> : null;
}

export function showSuccessToast(title: string, description?: string): void {
  show('success', title, description);
}

export function showErrorToast(title: string, description?: string): void {
  show('error', title, description);
}

/** Removes every notice (tests start each case with none). */
export async function clearToasts(): Promise<void> {
  const module = await loading?.catch(() => undefined);
  module?.toaster.remove();
}

/**
 * The message to show for any error: the API's detail in the product's words (see `apiErrorText`),
 * else a Portuguese sentence — never an error's own (English) message or an HTTP status name.
 */
export function errorMessage(error: unknown, fallback: string = uiMessages.unexpectedError): string {
  return apiErrorText(error) ?? fallback;
}

/** The shared error toast of mutations (spec §8 "Other mutation errors"). */
export function handleError(error: unknown): void {
  showErrorToast(uiMessages.errorTitle, errorMessage(error));
}
