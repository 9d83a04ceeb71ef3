import { ApiError } from '@backoffice/api-client';
import { FIRST_PAINT_STYLE_ATTRIBUTE } from '@backoffice/contracts';
import { CHAKRA_ENTRIES, CHAKRA_RECIPES_BY_ENTRY } from '@backoffice/federation/chakra';
import { ChakraProvider, createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react/styled-system';
import { css, type SerializedStyles } from '@emotion/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brandPalette, clearToasts, handleError, recipes, slotRecipes, system, useColorMode } from '../src/index.js';
import { toaster } from '../src/toaster-view.js';
import { renderWithUi } from './render.js';

describe('system', () => {
  it('uses #D92534 as the brand palette, the default colour palette of the page', () => {
    expect(brandPalette[500]).toBe('#D92534');
    expect(system.token('colors.brand.500')).toBe('#D92534');
    const css = JSON.stringify(system._config.globalCss);
    expect(css).toContain('"colorPalette":"brand"');
  });

  it('registers a recipe for every shared Chakra entry that needs one', () => {
    for (const entry of CHAKRA_ENTRIES) {
      const needs = CHAKRA_RECIPES_BY_ENTRY[entry];
      for (const key of needs.recipes ?? []) expect(recipes, `${entry} → ${key}`).toHaveProperty(key);
      for (const key of needs.slotRecipes ?? []) expect(slotRecipes, `${entry} → ${key}`).toHaveProperty(key);
    }
  });
});

describe('global styles', () => {
  const named = () => system._global as unknown as SerializedStyles;
  const freshSystem = (...overrides: Parameters<typeof defineConfig>[0][]) =>
    createSystem(mergeConfigs(system._config, ...overrides.map(defineConfig)));

  it('are Chakra’s own, under a name that does not need them worked out', () => {
    // A fresh system, never assigned: Chakra works its global styles out itself (the patched getter).
    const chakras = freshSystem()._global;
    expect(named().styles).toBe(css(chakras).styles);
    expect(named().styles).toContain('--chakra-colors-brand-500:#D92534');
    expect(named().name).toMatch(/^chakra-3\.\d+\.\d+-[0-9a-z]+$/);
  });

  it('are not built when a system is created (the Chakra patch is applied)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(freshSystem(), '_global');
    expect(descriptor?.get).toBeTypeOf('function');
    expect(descriptor?.set).toBeTypeOf('function');
  });

  it('are named after the configuration: another theme, another name; the same, the same', async () => {
    const { namedGlobalStyles } = await import('../src/system-global.js');
    expect(namedGlobalStyles(freshSystem()).name).toBe(named().name);
    const otherBrand = { theme: { tokens: { colors: { brand: { 500: { value: '#123456' } } } } } };
    expect(namedGlobalStyles(freshSystem(otherBrand)).name).not.toBe(named().name);
  });

  it('take a first paint’s copy by name where it is, without working them out, and are written when there is none', async () => {
    const { namedGlobalStyles } = await import('../src/system-global.js');
    const fresh = freshSystem();
    const global = namedGlobalStyles(fresh);
    fresh._global = global as unknown as typeof fresh._global;
    const workedOut = vi.spyOn(fresh, 'getTokenCss');
    const rules = () =>
      Array.from(document.querySelectorAll('style'))
        .map((style) => style.textContent ?? '')
        .filter((text) => text.includes('--chakra-colors-brand-500'));
    const prerendered = document.createElement('style');
    prerendered.setAttribute(FIRST_PAINT_STYLE_ATTRIBUTE, `css-global ${global.name}`);
    prerendered.textContent = ':root{--chakra-colors-brand-500:#D92534}';
    const after = document.createElement('meta');
    document.head.append(prerendered, after);
    const moved = vi.fn();
    const observer = new MutationObserver((records) => {
      if (records.some((record) => [...record.removedNodes].includes(prerendered))) moved();
    });
    observer.observe(document.head, { childList: true });
    const withFresh = () => render(<ChakraProvider value={fresh}>{null}</ChakraProvider>);
    const first = withFresh();
    first.rerender(<ChakraProvider value={fresh}>{null}</ChakraProvider>);
    expect(rules()).toEqual([':root{--chakra-colors-brand-500:#D92534}']);
    expect(workedOut).not.toHaveBeenCalled();
    first.unmount();
    // Left where it was: a move has the browser work out every element's styles again.
    await Promise.resolve();
    observer.disconnect();
    expect(moved).not.toHaveBeenCalled();
    expect(prerendered.nextSibling).toBe(after);
    // Without the first paint's copy, they are written from the system.
    prerendered.remove();
    after.remove();
    const second = withFresh();
    expect(workedOut).toHaveBeenCalledOnce();
    expect(rules().join('')).toContain('--chakra-colors-brand-500:#D92534');
    second.unmount();
  });

  it('include the layers’ order under a name of its own, taken from the first paint the same way', async () => {
    const { namedLayerOrder } = await import('../src/system-global.js');
    const layers = freshSystem().layers.atRule;
    expect(layers).toBe('@layer reset, base, tokens, recipes;');
    const named = namedLayerOrder(freshSystem());
    expect(named.styles).toBe(layers);
    expect(named.name).toMatch(/^chakra-layers-[0-9a-z]+$/);
    expect((system.layers.atRule as unknown as SerializedStyles).name).toBe(named.name);
  });
});

function ModeProbe() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <button type="button" onClick={toggleColorMode}>
      mode:{colorMode}
    </button>
  );
}

describe('colour mode', () => {
  it('is dark by default and keeps the choice in local storage', async () => {
    localStorage.clear();
    renderWithUi(<ModeProbe />);
    expect(await screen.findByText('mode:dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('mode:light')).toBeInTheDocument();
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('turns transitions off for a change only, not when the app starts', async () => {
    localStorage.clear();
    const frozen = () =>
      [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('transition:none'));
    const added = vi.fn();
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node.nodeName === 'STYLE') added(node);
    });
    observer.observe(document.head, { childList: true });
    const view = renderWithUi(<ModeProbe />);
    await screen.findByText('mode:dark');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    expect(added.mock.calls.filter(([node]) => node.textContent.includes('transition'))).toEqual([]);
    await userEvent.click(screen.getByRole('button'));
    expect(frozen()).toHaveLength(1);
    await screen.findByText('mode:light');
    await vi.waitFor(() => expect(frozen()).toEqual([]));
    observer.disconnect();
    view.unmount();
  });
});

describe('toasts', () => {
  it('shows a closable error notice with the API detail, the machinery loaded with it', async () => {
    renderWithUi(<div />);
    // Before the first notice nothing of the toaster is on the page (its code is not even loaded).
    expect(document.querySelector('[data-scope="toast"]')).toBeNull();
    act(() => {
      handleError(new ApiError(400, { detail: 'The user with this email already exists in the system' }));
    });
    expect(await screen.findByText('Já existe um usuário com este e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Algo deu errado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await clearToasts();
  });

  it('sits at the bottom right', () => {
    expect(toaster.attrs.placement).toBe('bottom-end');
  });
});
