/**
 * What the builds' prerender step and the server agree on (docs/architecture.md, "First paint"): each app's
 * build writes `prerender.json` — its first-paint pages as HTML, in variants, and the styles they need — and
 * the server writes the route's page into the document it answers, before any JavaScript runs.
 */

/** The file a build writes next to its code (packages/federation's pluginPrerender). */
export const PRERENDER_FILE = 'prerender.json';

/** The variants of a page the server picks among: by a page setting, by the menu's width, by who asks. */
export type PrerenderVariant = 'default' | 'signupDisabled' | 'expanded' | 'collapsed' | 'public' | 'framed';

export interface PrerenderOutput {
  /** emotion's style groups (`css <ids>`, `css-global <id>`) and their rules, each rule once, every page's. */
  styles: { emotion: string; css: string }[];
  /** A page's name (a remote's expose; the shell's `frame`, `nav-home`, `nav:<icon>`, `screen`…) → its variants. */
  pages: Record<string, Partial<Record<PrerenderVariant, string>>>;
}

/**
 * Where the server writes what only it knows into the shell's prerendered frame: the side menu in both
 * widths (`MENU`: the `menu` page's two variants, each with its entries in `NAV`, built from `nav:<icon>`
 * with `HREF` and `LABEL`), the page (`MAIN`) and a screen's title (`TITLE`). React renders them as text,
 * so they survive as they are; the server escapes what it writes.
 */
export const FIRST_PAINT_SLOTS = {
  menu: '__BO_MENU__',
  nav: '__BO_NAV__',
  main: '__BO_MAIN__',
  href: '/__BO_HREF__',
  label: '__BO_LABEL__',
  title: '__BO_TITLE__',
  /** Filled in the browser, not by the server: the current user's name, once the early request answers. */
  userName: '__BO_USER__',
} as const;

/** The id of the element holding the first paint in the page (the shell takes it over, then removes it). */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/**
 * The frame is written once, with the side menu in both widths: each menu carries this attribute with its
 * width (`expanded`, `collapsed`), and the page's CSS hides the one the stored width does not pick.
 */
export const FIRST_PAINT_MENU_WIDTH_ATTRIBUTE = 'data-menu-width';

/**
 * The attribute of the first paint's `<style>` elements, holding emotion's group as emotion names it
 * (`css <ids>`, `css-global <name>`). Not emotion's own `data-emotion`: emotion moves every element of that
 * attribute to the end of the head when it starts, and each move has the browser work out the styles of
 * the whole page again while the first paint is on screen. The live app adopts these where they are
 * (packages/ui, first-paint-styles.ts).
 */
export const FIRST_PAINT_STYLE_ATTRIBUTE = 'data-first-paint-css';
