import { FIRST_PAINT_STYLE_ATTRIBUTE } from '@backoffice/contracts';
import { css, jsx } from '@emotion/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adoptFirstPaintStyles } from '../src/first-paint-styles.js';
import { UiProvider } from '../src/index.js';

/** What the server writes into the page's head for the first paint: one group of emotion's rules. */
function prerenderedGroup(group: string, rules: string) {
  const style = document.createElement('style');
  style.setAttribute(FIRST_PAINT_STYLE_ATTRIBUTE, group);
  style.textContent = rules;
  document.head.append(style);
  return style;
}

describe('the first paint’s styles', () => {
  // First in this file: the app's emotion cache reads the page once, when the provider first renders.
  it('are the app’s: a component whose rules the first paint carries inserts none, and nothing moves', () => {
    const styles = css({ paddingInlineStart: '13px' });
    const prerendered = prerenderedGroup(`css ${styles.name}`, `.css-${styles.name}{padding-inline-start:13px;}`);
    const after = document.createElement('meta');
    document.head.append(after);
    render(<UiProvider>{jsx('div', { css: styles, 'data-testid': 'styled' })}</UiProvider>);
    expect(screen.getByTestId('styled')).toHaveClass(`css-${styles.name}`);
    const copies = [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('13px'));
    expect(copies).toEqual([prerendered]);
    expect(prerendered.nextSibling).toBe(after);
    // A rule the first paint does not carry is inserted as usual.
    render(<UiProvider>{jsx('div', { css: css({ paddingInlineStart: '17px' }) })}</UiProvider>);
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('17px'))).toBe(true);
    prerendered.remove();
    after.remove();
  });

  it('are read for the cache’s own key, once', () => {
    const style = prerenderedGroup('css a1 a2', '.css-a1{}.css-a2{}');
    const global = prerenderedGroup('css-global chakra-1', ':root{}');
    const cache = { key: 'css', inserted: { a2: 'kept' } as Record<string, string | true | undefined> };
    adoptFirstPaintStyles(cache);
    expect(cache.inserted).toEqual({ a1: true, a2: 'kept' });
    const later = prerenderedGroup('css b1', '.css-b1{}');
    adoptFirstPaintStyles(cache);
    expect(cache.inserted).not.toHaveProperty('b1');
    const partner = { key: 'partner', inserted: {} };
    adoptFirstPaintStyles(partner);
    expect(partner.inserted).toEqual({});
    for (const element of [style, global, later]) element.remove();
  });
});
