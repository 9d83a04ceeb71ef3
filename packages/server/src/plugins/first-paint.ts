import {
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_MENU_WIDTH_ATTRIBUTE,
  FIRST_PAINT_SLOTS,
  FIRST_PAINT_STYLE_ATTRIBUTE,
  type PageRegistry,
  PRERENDER_FILE,
  type PrerenderOutput,
  type RegistryScreen,
} from '@backoffice/contracts';

/**
 * The first paint of a page (docs/architecture.md, "First paint"): the route's prerendered markup, written
 * into the document before `#root` with the styles it needs, so the screen shows before any JavaScript.
 * Each app's build prerenders what it owns (`prerender.json`): a remote its public screens, the shell the
 * signed-in frame, a screen's title row and skeleton, the dashboard and not-found. Here they are put
 * together for a route — the menu's entries and the title come from this visitor's registry — with every
 * variant the head script may pick (the shell's `head/first-paint.js`: stored session, menu width: the frame
 * is written once, with the side menu in both widths); the page's CSS shows the one it picked. The live app
 * then takes over (shell's first-paint/takeover.ts).
 */

/** Something a build's files can be read from (the shell's build, a remote's release). */
interface BuildFiles {
  read(file: string): Promise<string | undefined>;
}

export interface FirstPaint {
  /** Styles for `<head>`. */
  head: string;
  /** `<div id="first-paint">…</div>` for before `#root`. */
  body: string;
}

/**
 * Shows the variant the head script picked and hides `#root` while the first paint is there: the app
 * renders into it unseen until it takes over. A visitor without a stored session never sees the frame,
 * one with a session never a public page (the app is about to send each elsewhere).
 */
const VISIBILITY_CSS = [
  '[data-first-paint]{display:none}',
  'html[data-session=out] [data-first-paint=public],',
  'html[data-session=in] [data-first-paint=frame]{display:block}',
  // The menu's own styles show it from the tablet width on: only the width not picked is hidden here.
  `html[data-sidebar=collapsed] [${FIRST_PAINT_MENU_WIDTH_ATTRIBUTE}=expanded],`,
  `html:not([data-sidebar=collapsed]) [${FIRST_PAINT_MENU_WIDTH_ATTRIBUTE}=collapsed]{display:none!important}`,
  `#${FIRST_PAINT_ELEMENT_ID}~#root{visibility:hidden;position:absolute;top:0;left:0;right:0}`,
].join('');

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What another team's build may put into a page: markup and rules, never a script or the end of the
 * document (their first paint is written into the page of their own routes only; see docs/security.md).
 */
const UNSAFE_MARKUP = /<\s*\/?\s*(?:script|body|html|head|style|iframe|object|embed|base|meta|link)\b|<!--/i;

const parsed = new Map<string, PrerenderOutput | undefined>();
/** The builds' `prerender.json`, parsed once per content (a few builds are live at a time). */
function parsePrerender(text: string | undefined): PrerenderOutput | undefined {
  if (text === undefined) return undefined;
  if (parsed.has(text)) return parsed.get(text);
  let output: PrerenderOutput | undefined;
  try {
    const value = JSON.parse(text) as PrerenderOutput;
    output = Array.isArray(value.styles) && typeof value.pages === 'object' && value.pages ? value : undefined;
  } catch {
    output = undefined;
  }
  if (parsed.size >= 16) parsed.delete(parsed.keys().next().value as string);
  parsed.set(text, output);
  return output;
}

/** The builds' styles, a group another build already gave left out (the shell's and a remote's share most). */
function styleTags(outputs: readonly PrerenderOutput[]): string {
  const seen = new Set<string>();
  return outputs
    .flatMap((output) => output.styles)
    .filter((style) => {
      if (typeof style.css !== 'string' || style.css.includes('</') || seen.has(style.emotion)) return false;
      seen.add(style.emotion);
      return true;
    })
    .map((style) => `<style ${FIRST_PAINT_STYLE_ATTRIBUTE}="${escapeHtml(String(style.emotion))}">${style.css}</style>`)
    .join('');
}

const page = (output: PrerenderOutput, name: string, variant: string): string | undefined => {
  const html = (output.pages[name] as Record<string, unknown> | undefined)?.[variant];
  return typeof html === 'string' && !UNSAFE_MARKUP.test(html) ? html : undefined;
};

const FRAME_SLOTS = new RegExp(`${FIRST_PAINT_SLOTS.menu}|${FIRST_PAINT_SLOTS.main}`, 'g');

const variantBlock = (variant: string, html: string) => `<div data-first-paint="${variant}">${html}</div>`;

const firstPaint = (outputs: PrerenderOutput[], blocks: string[]): FirstPaint => ({
  head: `<style>${VISIBILITY_CSS}</style>${styleTags(outputs)}`,
  body: `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-busy="true">${blocks.join('')}</div>`,
});

/** A remote's public screen (`/login`…), from its release's build; the sign-up setting picks the variant. */
export async function publicFirstPaint(
  release: BuildFiles,
  screen: RegistryScreen,
  settings: { signupEnabled: boolean },
): Promise<FirstPaint | undefined> {
  const output = parsePrerender(await release.read(PRERENDER_FILE));
  if (!output) return undefined;
  const html =
    (!settings.signupEnabled ? page(output, screen.expose, 'signupDisabled') : undefined) ??
    page(output, screen.expose, 'default');
  return html === undefined ? undefined : firstPaint([output], [variantBlock('public', html)]);
}

/** The menu's entries for everyone (a super user's come with the app), the current one marked. */
function menu(output: PrerenderOutput, variant: 'expanded' | 'collapsed', registry: PageRegistry, current: string) {
  const home = page(output, 'nav-home', variant);
  if (home === undefined) return undefined;
  const mark = (entry: string, path: string) =>
    path === current ? entry.replace(/^<a\b/, '<a aria-current="page"') : entry;
  const entries = registry.screens
    .filter((screen) => screen.menu && screen.access !== 'superuser')
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
    .map((screen) => {
      const template = page(output, `nav:${screen.menu?.icon}`, variant);
      if (template === undefined) return '';
      const label = escapeHtml(screen.menu?.label ?? screen.title);
      const entry = template
        .replace(FIRST_PAINT_SLOTS.href, () => escapeHtml(screen.path))
        .replaceAll(FIRST_PAINT_SLOTS.label, () => label);
      return mark(entry, screen.path);
    });
  return mark(home, '/') + entries.join('');
}

/**
 * A page inside the signed-in frame, from the shell's build: the dashboard (`screen` undefined at `/`), a
 * screen's page as its remote's build prerendered it (`release`), else the shell's title row and skeleton,
 * or not-found (`screen` undefined elsewhere: a visitor's alone too).
 */
export async function framedFirstPaint(
  shell: BuildFiles,
  pathname: string,
  screen: RegistryScreen | undefined,
  registry: PageRegistry,
  release?: BuildFiles,
): Promise<FirstPaint | undefined> {
  const output = parsePrerender(await shell.read(PRERENDER_FILE));
  if (!output) return undefined;
  const remote = screen && release ? parsePrerender(await release.read(PRERENDER_FILE)) : undefined;
  const remotePage = screen && remote ? page(remote, screen.expose, 'default') : undefined;
  const home = pathname === '/';
  const main = screen
    ? (remotePage ??
      page(output, 'screen', 'default')?.replaceAll(FIRST_PAINT_SLOTS.title, () => escapeHtml(screen.title)))
    : home
      ? page(output, 'dashboard', 'default')
      : page(output, 'not-found', 'framed');
  if (main === undefined) return undefined;
  const current = screen ? screen.path : home ? '/' : '';
  const frame = page(output, 'frame', 'default');
  if (frame === undefined) return undefined;
  const asides: string[] = [];
  for (const width of ['expanded', 'collapsed'] as const) {
    const aside = page(output, 'menu', width);
    const nav = menu(output, width, registry, current);
    if (aside === undefined || nav === undefined) return undefined;
    asides.push(aside.replace(FIRST_PAINT_SLOTS.nav, () => nav));
  }
  // One pass over the shell's template: what is written into a slot is never searched for another slot.
  const filled = frame.replace(FRAME_SLOTS, (slot) => (slot === FIRST_PAINT_SLOTS.menu ? asides.join('') : main));
  const blocks = [variantBlock('frame', filled)];
  const alone = !screen && !home ? page(output, 'not-found', 'public') : undefined;
  if (alone !== undefined) blocks.push(variantBlock('public', alone));
  return firstPaint(remotePage !== undefined && remote ? [output, remote] : [output], blocks);
}
