/** Test setup shared by every app: jest-dom matchers and the browser APIs jsdom lacks. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeMatchMedia } from './media.js';

// jsdom lacks the layout APIs Chakra's positioning and next-themes touch.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia();
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollTo ??= () => {};

// Chakra's dialogs and menus animate in; a busy 2-core machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
