import type { BackofficeRuntimeConfig } from '@backoffice/api-client';
import type { PrerenderOutput } from '@backoffice/contracts';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers.js';

/**
 * Build-time rendering of a screen's first paint (docs/architecture.md, "First paint"): the markup the
 * server writes into the page before any JavaScript runs, and the styles it needs. Runs in Node, in a
 * build step of the app that owns the screen (packages/federation's `pluginPrerender`).
 */

/** A `<style>` emotion wrote while rendering: `css <ids>` or `css-global <id>`, and its rules. */
export interface PrerenderedStyle {
  emotion: string;
  css: string;
}

export interface PrerenderedHtml {
  html: string;
  styles: PrerenderedStyle[];
}

/** What the page settings a prerendered variant was rendered with: the server picks by them. */
export type PrerenderSettings = Pick<BackofficeRuntimeConfig, 'signupEnabled'>;

/** emotion's server output: a style element before the first element that uses it. */
const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;
/** An inline script a component may write (a strict CSP refuses it; the head script sets the colour mode). */
const SCRIPT = /<script\b[\s\S]*?<\/script>/g;

/**
 * Renders `element` as the app would at `path` (providers and router around it), with the page settings
 * `settings`, and separates emotion's styles from the markup: the styles go into the page's head, so
 * the markup can be cut and composed (the frame's menu) without losing a rule.
 */
export function prerender(element: ReactElement, path: string, settings: PrerenderSettings = {}): PrerenderedHtml {
  // readRuntimeConfig reads the page's settings from globalThis outside a browser (api-client config.ts).
  const host = globalThis as { __BACKOFFICE_CONFIG__?: BackofficeRuntimeConfig };
  host.__BACKOFFICE_CONFIG__ = settings;
  try {
    // A data router, as the apps use (a leave guard's useBlocker needs one); no loaders, so it starts ready.
    const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
    const raw = renderToString(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    router.dispose();
    const styles: PrerenderedStyle[] = [];
    const html = raw
      .replace(EMOTION_STYLE, (_all, emotion: string, css: string) => {
        styles.push({ emotion, css });
        return '';
      })
      .replace(SCRIPT, '')
      // React's marks for hydration (between two texts, around a Suspense boundary, a lazy part's
      // `<template>`): the live app renders its own tree instead of hydrating this one.
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '')
      // A form submitted before the app is live must not be sent by the browser (a GET with the password in
      // the URL): `method="dialog"` outside a dialog submits nowhere; the head script notes the submit and
      // the live form sends it (shell's first-paint/takeover.ts).
      .replace(/<form\b/g, '<form method="dialog"');
    return { html, styles };
  } finally {
    delete host.__BACKOFFICE_CONFIG__;
  }
}

/**
 * One `<style>` per emotion group, each rule once, in the order first rendered: the live app takes these
 * elements over where the server wrote them (first-paint-styles.ts) and does not insert their rules again,
 * so the first paint's styles are the app's too.
 */
export function stylesOf(renders: readonly PrerenderedHtml[]): PrerenderedStyle[] {
  const seen = new Set<string>();
  const out: PrerenderedStyle[] = [];
  for (const render of renders) {
    for (const style of render.styles) {
      const [key, ...ids] = style.emotion.split(' ');
      const fresh = ids.filter((id) => !seen.has(`${key} ${id}`));
      if (fresh.length === 0) continue;
      for (const id of fresh) seen.add(`${key} ${id}`);
      // A group whose ids were all seen adds nothing; one partly seen is kept whole (its rules are one string).
      out.push(style);
    }
  }
  return out;
}

/** A page setting that changes what some screens show, and the variant name the server picks it by. */
const SETTING_VARIANTS = [{ variant: 'signupDisabled', settings: { signupEnabled: false } }] as const;

export interface PrerenderScreen {
  /** The page's name in the output (a remote's expose). */
  name: string;
  /** The URL it is rendered at (a link's query when the screen needs one to show its form). */
  path: string;
  Page: ComponentType;
}

/**
 * A remote's first-paint pages: each screen with the default settings, and again with each setting that
 * changes it (a login page without its sign-up link), kept only where it differs.
 */
export function prerenderScreens(screens: readonly PrerenderScreen[]): PrerenderOutput {
  const renders: PrerenderedHtml[] = [];
  const pages: PrerenderOutput['pages'] = {};
  for (const { name, path, Page } of screens) {
    const base = prerender(<Page />, path);
    renders.push(base);
    const variants: PrerenderOutput['pages'][string] = { default: base.html };
    for (const { variant, settings } of SETTING_VARIANTS) {
      const other = prerender(<Page />, path, settings);
      if (other.html === base.html) continue;
      renders.push(other);
      variants[variant] = other.html;
    }
    pages[name] = variants;
  }
  return { styles: stylesOf(renders), pages };
}
