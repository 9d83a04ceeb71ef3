/**
 * The live app taking over the prerendered first paint (docs/architecture.md, "First paint").
 *
 * The server writes the route's prerendered markup into `#first-paint`, before `#root`; the page's CSS
 * hides `#root` while `#first-paint` is there. The app renders into `#root` unseen, and once it shows
 * at least what the first paint showed, `takeOver` carries over what the person did meanwhile (typed
 * values, the focus and caret, a submitted form) and removes the first paint: one frame, no jump.
 */

import { FIRST_PAINT_ELEMENT_ID } from '@backoffice/contracts';

/** Set on `<html>` by the head script when a form of the first paint was submitted: its index among the forms. */
const SUBMITTED_FORM_ATTRIBUTE = 'data-first-paint-submit';
/** Set on `<html>` by the head script: the names of the first paint's fields left (blurred), in order. */
const LEFT_FIELDS_ATTRIBUTE = 'data-first-paint-left';
/** Set on `<html>` once the app is live: what a test or a benchmark waits for. */
export const LIVE_ATTRIBUTE = 'data-live';
/** The longest a hold keeps the first paint once the app asked to take over (a slow current user). */
const LONGEST_HOLD_MS = 4_000;

let holds = 0;
let requested = false;
let done = false;
let deadline: ReturnType<typeof setTimeout> | undefined;

type Field = HTMLInputElement | HTMLTextAreaElement;

const isField = (element: Element | null | undefined): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** The live counterpart of a first-paint field: same form position, same name. */
function liveField(field: Field, root: Element): Field | undefined {
  if (!field.name) return undefined;
  const forms = [...document.querySelectorAll(`#${FIRST_PAINT_ELEMENT_ID} form`)];
  const index = field.form ? forms.indexOf(field.form) : -1;
  const scope = index >= 0 ? root.querySelectorAll('form')[index] : root;
  const live = scope?.querySelector(`[name="${CSS.escape(field.name)}"]`) ?? null;
  return isField(live) ? live : undefined;
}

/** What tells a link or a button from the others: its target, its name, its text. */
const identity = (element: Element) =>
  element.getAttribute('href') ?? element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

/** The live counterpart of the focused element of the first paint: a field by name, else the same kind of control. */
function liveFocusTarget(element: Element, root: Element): HTMLElement | undefined {
  if (isField(element)) return liveField(element, root);
  const key = identity(element);
  const match = [...root.querySelectorAll(element.tagName)].find((candidate) => identity(candidate) === key);
  return match instanceof HTMLElement ? match : undefined;
}

/** Sets a value as typing would: React's change handler (and the form library behind it) sees it. */
function typeInto(field: Field, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function takeOver() {
  if (done) return;
  done = true;
  clearTimeout(deadline);
  const html = document.documentElement;
  const first = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  const root = document.getElementById('root');
  if (first && root) {
    // Only the variant on screen could be typed into: the others keep their default values.
    const fields = [...first.querySelectorAll('input, textarea')].filter(isField);
    const active = document.activeElement;
    const focused = active && active !== first && first.contains(active) ? active : undefined;
    const caret = isField(focused) ? ([focused.selectionStart, focused.selectionEnd] as const) : undefined;
    const typed = fields.flatMap((field) => {
      const live = liveField(field, root);
      return live && field.value !== field.defaultValue ? [{ live, value: field.value }] : [];
    });
    const submitted = html.getAttribute(SUBMITTED_FORM_ATTRIBUTE);
    const submittedForm = submitted === null ? undefined : root.querySelectorAll('form')[Number(submitted)];
    const focusedLive = focused && liveFocusTarget(focused, root);
    const pressed = first.querySelector('[data-first-paint-clicked]');
    const pressedLive = pressed && liveFocusTarget(pressed, root);
    const left = (html.getAttribute(LEFT_FIELDS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
    const leftLive = [...new Set(left)].flatMap((name) => {
      const field = fields.find((candidate) => candidate.name === name);
      const live = field && liveField(field, root);
      return live ? [live] : [];
    });
    first.remove();
    for (const { live, value } of typed) typeInto(live, value);
    // A field visited and left before: the form checks it now (React's onBlur listens to focusout).
    for (const live of leftLive) live.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    if (focusedLive) {
      focusedLive.focus();
      try {
        if (caret && caret[0] !== null && isField(focusedLive)) focusedLive.setSelectionRange(caret[0], caret[1]);
      } catch {
        // An e-mail field has no caret to set.
      }
    }
    // The click on the first paint's button was not lost: it happens now.
    submittedForm?.requestSubmit();
    pressedLive?.click();
  }
  html.removeAttribute(SUBMITTED_FORM_ATTRIBUTE);
  html.removeAttribute(LEFT_FIELDS_ATTRIBUTE);
  html.setAttribute(LIVE_ATTRIBUTE, '');
}

/**
 * The app has rendered its first screen (the root layout's first commit): the first paint goes as soon as
 * nothing holds it, or after LONGEST_HOLD_MS.
 */
export function requestTakeOver(): void {
  if (requested) return;
  requested = true;
  if (holds === 0) takeOver();
  else deadline = setTimeout(takeOver, LONGEST_HOLD_MS);
}

/**
 * Keeps the first paint while the app shows less than it did (a full-page spinner where the prerendered
 * frame was); returns the release.
 */
export function holdFirstPaint(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && requested) takeOver();
  };
}
