import { FIRST_PAINT_STYLE_ATTRIBUTE } from '@backoffice/contracts';
import type { SerializedStyles } from '@emotion/react';

/**
 * The first paint's styles, taken over by the live app where they are (docs/architecture.md, "First paint").
 *
 * The server writes the styles emotion wrote while prerendering as `<style data-first-paint-css="css <ids>">`
 * (and `css-global <name>` for a `<Global>`'s). Under emotion's own attribute, emotion's cache would move
 * each of them to the end of the head when it starts, and its `<Global>`s would move theirs again: every
 * move has Chromium work out the styles of the whole first paint once more (40–60 ms each at 4× CPU, twice
 * before the app is live; docs/performance.md, 2026-12-01). Here nothing moves: the cache is told which
 * rules are on the page, and a `<Global>` of a name the first paint carries inserts nothing.
 */

/** What of emotion's cache this needs: the ids of the rules it has inserted, under its key. */
interface EmotionCacheLike {
  key: string;
  inserted: Record<string, string | true | undefined>;
}

let adopted: object | undefined;

/**
 * Marks the first paint's rules as inserted in `cache`, so that rendering a component whose styles the
 * first paint carries inserts nothing. Once (the app has one cache); a page without a first paint has
 * nothing to adopt.
 */
export function adoptFirstPaintStyles(cache: EmotionCacheLike): void {
  if (adopted === cache || typeof document === 'undefined') return;
  adopted = cache;
  for (const element of document.querySelectorAll(`style[${FIRST_PAINT_STYLE_ATTRIBUTE}]`)) {
    const [key, ...ids] = (element.getAttribute(FIRST_PAINT_STYLE_ATTRIBUTE) as string).split(' ');
    if (key === cache.key) for (const id of ids) cache.inserted[id] ??= true;
  }
}

/**
 * Global styles under `name`, for emotion's `<Global>`: worked out (by `compute`) only where the first paint
 * does not carry them. `name` must say everything the styles depend on — a first paint prerendered with
 * other styles has to have another name, or its styles would be taken for these.
 */
export function namedFirstPaintGlobal(name: string, compute: () => string): SerializedStyles {
  let styles: string | undefined;
  let firstPaintCopy: Element | null | undefined;
  return {
    name,
    // emotion reads this to tell a serialized style from others (`styles !== undefined`); while the first
    // paint's copy is on the page, it is the page's: nothing to insert.
    get styles() {
      if (styles !== undefined) return styles;
      firstPaintCopy ??= globalThis.document?.querySelector(
        `style[${FIRST_PAINT_STYLE_ATTRIBUTE}="css-global ${name}"]`,
      );
      if (firstPaintCopy?.isConnected) return '';
      styles = compute();
      return styles;
    },
  };
}
