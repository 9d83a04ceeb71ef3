import {
  FIRST_PAINT_MENU_WIDTH_ATTRIBUTE,
  FIRST_PAINT_SLOTS,
  type PrerenderOutput,
  SCREEN_ICONS,
} from '@backoffice/contracts';
import { PageFrameSkeleton } from '@backoffice/ui/kit';
import { type PrerenderedHtml, prerender, stylesOf } from '@backoffice/ui/prerender';
import { EMPTY_REGISTRY, setRegistry } from '../federation/registry';
import { AppFrame } from '../layout/AppFrame';
import { messages } from '../messages';
import { DashboardFirstPaint } from '../pages/Dashboard';
import { NotFoundView } from '../pages/NotFound';

/**
 * The shell's first-paint pages, rendered in Node by the build (packages/federation's pluginPrerender):
 * the signed-in frame once, with the side menu cut out of it in both widths (the rest of the frame is the
 * same markup: the page is then written once, not once per width), the menu's entries (one per icon, for
 * the server to fill with the registry's screens), a screen's title row and skeleton, the dashboard, and
 * not-found alone and framed. The server composes them per route (packages/server, first-paint.ts).
 */

/** A menu entry's `href` in the render, by icon: where its template is cut from. */
const markerHref = (icon: string) => `/__bo_nav_${icon}`;

/** The registry rendered with: one menu entry per icon, labelled with the slot the server fills. */
function markerRegistry() {
  setRegistry({
    ...EMPTY_REGISTRY,
    screens: SCREEN_ICONS.map((icon, index) => ({
      path: markerHref(icon),
      expose: 'Page',
      title: FIRST_PAINT_SLOTS.label,
      access: 'signed-in' as const,
      remote: 'first-paint',
      menu: { label: FIRST_PAINT_SLOTS.label, icon, order: index + 1 },
    })),
  });
}

const NAV = /(<nav\b[^>]*>)([\s\S]*?)(<\/nav>)/;
const ASIDE = /<aside\b[\s\S]*?<\/aside>/;

/** Cuts the side menu out of a frame: the frame with the `menu` slot, and the menu marked with its width. */
function cutAside(frame: string, width: 'expanded' | 'collapsed'): { frame: string; aside: string } {
  const aside = ASIDE.exec(frame)?.[0];
  if (!aside) throw new Error('first paint: the frame has no <aside>');
  return {
    frame: frame.replace(ASIDE, FIRST_PAINT_SLOTS.menu),
    aside: aside.replace(/^<aside\b/, `<aside ${FIRST_PAINT_MENU_WIDTH_ATTRIBUTE}="${width}"`),
  };
}
const ENTRY = /<a\b[^>]*href="([^"]*)"[^>]*>[\s\S]*?<\/a>/g;

/** Cuts the menu's entries out of a rendered frame: the frame with the `nav` slot, and each entry by its href. */
function cutMenu(render: PrerenderedHtml): { frame: string; entries: Map<string, string> } {
  const nav = NAV.exec(render.html);
  if (!nav) throw new Error('first paint: the frame has no <nav>');
  const entries = new Map([...(nav[2] ?? '').matchAll(ENTRY)].map((entry) => [entry[1] ?? '', entry[0]]));
  return {
    frame: render.html.replace(
      NAV,
      (_all, open: string, _inner, close: string) => `${open}${FIRST_PAINT_SLOTS.nav}${close}`,
    ),
    entries,
  };
}

export default function render(): PrerenderOutput {
  markerRegistry();
  const renders: PrerenderedHtml[] = [];
  const at = '/__bo_first_paint';
  const keep = (html: PrerenderedHtml) => {
    renders.push(html);
    return html;
  };
  const frames = {
    expanded: cutMenu(keep(prerender(<AppFrame collapsedAtStart={false}>{FIRST_PAINT_SLOTS.main}</AppFrame>, at))),
    collapsed: cutMenu(keep(prerender(<AppFrame collapsedAtStart>{FIRST_PAINT_SLOTS.main}</AppFrame>, at))),
  };
  const expanded = cutAside(frames.expanded.frame, 'expanded');
  const collapsed = cutAside(frames.collapsed.frame, 'collapsed');
  // Written once for both widths: what is around the menu must not depend on its width.
  if (expanded.frame !== collapsed.frame) throw new Error('first paint: the frame differs beyond the side menu');
  const pages: PrerenderOutput['pages'] = {
    frame: { default: expanded.frame },
    menu: { expanded: expanded.aside, collapsed: collapsed.aside },
    'nav-home': { expanded: frames.expanded.entries.get('/'), collapsed: frames.collapsed.entries.get('/') },
    screen: {
      default: keep(
        prerender(<PageFrameSkeleton title={FIRST_PAINT_SLOTS.title} loadingLabel={messages.loading} />, at),
      ).html,
    },
    dashboard: { default: keep(prerender(<DashboardFirstPaint />, at)).html },
    'not-found': {
      public: keep(prerender(<NotFoundView framed={false} />, at)).html,
      framed: keep(prerender(<NotFoundView framed />, at)).html,
    },
  };
  for (const icon of SCREEN_ICONS) {
    const entry = (variant: 'expanded' | 'collapsed') =>
      frames[variant].entries.get(markerHref(icon))?.replace(markerHref(icon), FIRST_PAINT_SLOTS.href);
    pages[`nav:${icon}`] = { expanded: entry('expanded'), collapsed: entry('collapsed') };
  }
  return { styles: stylesOf(renders), pages };
}
