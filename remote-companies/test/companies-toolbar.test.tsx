import { UiProvider } from '@backoffice/ui';
import { FILTER_KEYS_DEBOUNCE_MS } from '@backoffice/ui/kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CompaniesToolbar, SEARCH_DEBOUNCE_MS } from '../src/components/CompaniesToolbar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SEARCH = 'Buscar por nome, razão social ou CNPJ';

function renderToolbar(search?: string) {
  const onChange = vi.fn();
  const view = render(
    <UiProvider>
      <CompaniesToolbar filter={{ search }} onChange={onChange} />
    </UiProvider>,
  );
  const rerender = (next?: string) =>
    view.rerender(
      <UiProvider>
        <CompaniesToolbar filter={{ search: next }} onChange={onChange} />
      </UiProvider>,
    );
  return { onChange, rerender, box: screen.getByRole('searchbox', { name: SEARCH }) };
}

/** Nothing was sent yet; `ms` later, exactly one change: `change`. */
function expectOneChangeAfter(onChange: Mock, ms: number, change: Record<string, unknown>) {
  expect(onChange).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(ms));
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith(change);
}

describe('search box', () => {
  it('sends the search once typing pauses, not at every key', () => {
    const { onChange, box } = renderToolbar();
    for (const text of ['p', 'pa', 'pad', 'padaria']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    }
    expectOneChangeAfter(onChange, 50, { search: 'padaria' });
  });

  it('sends at once on Enter, trims, and treats blank as no search', () => {
    const { onChange, box } = renderToolbar('acme');
    expect(box).toHaveValue('acme');
    fireEvent.change(box, { target: { value: ' beta ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onChange).toHaveBeenLastCalledWith({ search: 'beta' });
    fireEvent.change(box, { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ search: undefined });
  });

  it('follows the URL when it changes elsewhere (back/forward, clear filters), not when it echoes the typing', () => {
    const { onChange, box, rerender } = renderToolbar('alfa');
    fireEvent.change(box, { target: { value: 'beta' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ search: 'beta' });
    // The person keeps typing while the URL catches up with "beta".
    fireEvent.change(box, { target: { value: 'beta s' } });
    rerender('beta');
    expect(box).toHaveValue('beta s');
    // Back to "alfa" from history.
    rerender('alfa');
    expect(box).toHaveValue('alfa');
    rerender(undefined);
    expect(box).toHaveValue('');
  });

  it('sends nothing when the URL changes elsewhere, and drops a pause in typing that it overtakes', () => {
    const { onChange, box, rerender } = renderToolbar('alfa');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    const timers = vi.getTimerCount();
    // Back and forward: the text follows, and nothing is left waiting to be sent (a send started by
    // one back step could otherwise land after the next and push the older search onto history).
    rerender('beta');
    expect(box).toHaveValue('beta');
    expect(vi.getTimerCount()).toBe(timers);
    // Typing, then a back step before the pause ends: the URL wins, the typed text is not sent.
    fireEvent.change(box, { target: { value: 'gama' } });
    rerender('alfa');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(box).toHaveValue('alfa');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('changes the type and active filters', () => {
    const { onChange } = renderToolbar();
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: 'matriz' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'matriz' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Situação' }), { target: { value: 'false' } });
    expect(onChange).toHaveBeenLastCalledWith({ is_active: false });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: undefined });
  });
});

describe('filter selects (issue 28: every ArrowDown fetched the list again)', () => {
  const tipo = () => screen.getByRole('combobox', { name: 'Tipo' });

  it('browsing with the arrow keys applies once the keys rest, with the last choice only', () => {
    const { onChange } = renderToolbar();
    fireEvent.keyDown(tipo(), { key: 'ArrowDown' });
    fireEvent.change(tipo(), { target: { value: 'matriz' } });
    act(() => vi.advanceTimersByTime(FILTER_KEYS_DEBOUNCE_MS - 100));
    fireEvent.keyDown(tipo(), { key: 'ArrowDown' });
    fireEvent.change(tipo(), { target: { value: 'filial' } });
    act(() => vi.advanceTimersByTime(FILTER_KEYS_DEBOUNCE_MS - 100));
    expectOneChangeAfter(onChange, 100, { type: 'filial' });
  });

  it('applies at once on Enter or when the focus leaves, and a pointer choice at once', () => {
    const { onChange } = renderToolbar();
    fireEvent.keyDown(tipo(), { key: 'ArrowDown' });
    fireEvent.change(tipo(), { target: { value: 'matriz' } });
    fireEvent.keyDown(tipo(), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'matriz' });

    fireEvent.keyDown(tipo(), { key: 'ArrowDown' });
    fireEvent.change(tipo(), { target: { value: 'filial' } });
    fireEvent.blur(tipo());
    expect(onChange).toHaveBeenLastCalledWith({ type: 'filial' });

    const situacao = screen.getByRole('combobox', { name: 'Situação' });
    fireEvent.change(situacao, { target: { value: 'false' } });
    expect(onChange).toHaveBeenLastCalledWith({ is_active: false });
    act(() => vi.advanceTimersByTime(FILTER_KEYS_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
