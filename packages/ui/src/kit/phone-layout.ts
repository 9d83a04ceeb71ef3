import { useSyncExternalStore } from 'react';

/**
 * Below Chakra's `md` breakpoint (48em, 768 px): a phone held upright. Lists show cards there and
 * filters fold behind one button. A media query in JS rather than CSS `display` on both layouts, so
 * only one of them is in the page (and in the accessibility tree, and in the tests).
 */
export const PHONE_MEDIA_QUERY = '(max-width: 47.98em)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(PHONE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_MEDIA_QUERY).matches;

/** True on a phone-sized screen; follows rotation and window resizes. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
