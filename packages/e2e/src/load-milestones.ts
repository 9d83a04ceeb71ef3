import type { Page } from '@playwright/test';
import { installDevtoolsHookSource } from './react-devtools-hook.js';
import type { Screen } from './screens.js';

/**
 * Two moments of a cold load, in ms since navigation start (the page's own clock):
 *
 * - **first paint**: the screen's main text — its `<h1>`, and the login form's button — on screen, whoever
 *   put it there (prerendered HTML or React): the first animation frame in which each is laid out with a
 *   box and visible (not hidden, not transparent), timed in that frame once its layout is done, just
 *   before its paint. The probe asks for frames until then. Chromium's Element Timing was used before and
 *   agreed with this within ~20 ms when it reported, but for text painted in a frame followed by a long
 *   task it sometimes reported nothing (the prerendered login button in about half the loads at 4× CPU),
 *   so the live copy, painted seconds later, was counted instead (docs/performance.md, 2026-11-29).
 * - **interactive**: the app is live — every `live` target of the screen (its main field and action) is
 *   an element of the React tree with its handler attached (a field's `onChange`/`onInput`, a control's
 *   `onClick`/`onPointerDown`/`onKeyDown`, a submit button's form `onSubmit`), and the main thread has
 *   then answered a task posted at that commit: the earliest a key press or click would reach React.
 *   Never before the first paint (what is not seen cannot be used). React tells every commit to the
 *   DevTools hook, production builds included; the probe stands in for it (chained when another stand-in,
 *   `render-count.ts`, is installed first) and checks the targets at each commit. Markup painted before
 *   the app takes it over is not live, however it looks: its fields hold no React handler.
 *
 * Kept as source text: transpilers decorate functions with helpers (tsx's `__name`) the page lacks.
 */
function milestonesProbeSource(screen: Screen): string {
  const spec = { heading: screen.heading, button: screen.button, live: screen.live };
  return `(() => {
  const spec = ${JSON.stringify(spec)};
  const text = (el) => (el.textContent || '').trim();
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const onScreen = () =>
    [...document.querySelectorAll('h1')].some((el) => text(el).startsWith(spec.heading) && shown(el)) &&
    (!spec.button || [...document.querySelectorAll('button')].some((el) => text(el) === spec.button && shown(el)));
  const frame = () => {
    if (onScreen()) window.__firstPaint = { ms: performance.now() };
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const propsOf = (el) => {
    for (const key of Object.keys(el)) if (key.startsWith('__reactProps$')) return el[key];
    return undefined;
  };
  const fn = (props, ...names) => !!props && names.some((n) => typeof props[n] === 'function');
  const handles = (el) => {
    const props = propsOf(el);
    if (el.matches('input, textarea, select')) return fn(props, 'onChange', 'onInput');
    if (fn(props, 'onClick', 'onPointerDown', 'onKeyDown')) return true;
    return el.type === 'submit' && !!el.form && fn(propsOf(el.form), 'onSubmit');
  };
  const live = () => spec.live.every((target) =>
    [...document.querySelectorAll(target.selector)].some((el) => (!target.text || text(el) === target.text) && handles(el)));
  const onCommit = () => {
    if (window.__liveCommitted !== undefined || !live()) return;
    window.__liveCommitted = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__live = { ms: performance.now(), committedMs: window.__liveCommitted }; };
    channel.port2.postMessage(0);
  };
  const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (hook) {
    const previous = hook.onCommitFiberRoot;
    hook.onCommitFiberRoot = function (...args) { previous.apply(this, args); onCommit(); };
  } else {
    ${installDevtoolsHookSource('onCommit')}
  }
})();`;
}

/** Before a page load: record the screen's first paint and the moment it is interactive. */
export async function probeMilestonesOnLoad(page: Page, screen: Screen): Promise<void> {
  await page.addInitScript({ content: milestonesProbeSource(screen) });
}

export interface Milestones {
  firstPaintMs: number;
  interactiveMs: number;
  /** When React committed the live targets (the task that did it still running). */
  liveCommittedMs: number;
}

/** Waits until both moments are recorded. */
export async function milestones(
  page: Page,
  options: { timeout?: number; polling?: number } = {},
): Promise<Milestones> {
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __firstPaint?: { ms: number }; __live?: { ms: number; committedMs: number } };
      return w.__firstPaint && w.__live ? { firstPaint: w.__firstPaint, live: w.__live } : undefined;
    },
    undefined,
    { timeout: options.timeout ?? 60_000, polling: options.polling ?? 100 },
  );
  const { firstPaint, live } = (await handle.jsonValue()) as {
    firstPaint: { ms: number };
    live: { ms: number; committedMs: number };
  };
  return {
    firstPaintMs: firstPaint.ms,
    interactiveMs: Math.max(firstPaint.ms, live.ms),
    liveCommittedMs: live.committedMs,
  };
}
