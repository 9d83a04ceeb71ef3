// The signed-in frame prefetches the menu's pages when the browser is idle (src/federation/prefetch.ts).
// jsdom has no requestIdleCallback, so the prefetch would fall back to a timer that outlives its test and
// can fire after jsdom is torn down. In these tests the browser is never idle; prefetch.test.ts drives
// the idle callback itself.
window.requestIdleCallback = () => 0;
window.cancelIdleCallback = () => {};
