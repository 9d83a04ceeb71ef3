import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showErrorToast } from '../src/index.js';
import { renderWithUi } from './render.js';

// The notices' machinery is a lazy chunk: the first attempt to load it fails (offline, a new deploy).
const chunk = vi.hoisted(() => ({ attempts: 0 }));
vi.mock('../src/toaster-view.js', async (importOriginal) => {
  chunk.attempts += 1;
  if (chunk.attempts === 1) throw new Error('chunk failed to load');
  return importOriginal();
});

afterEach(() => clearToasts());

describe('notices when their chunk failed to load once', () => {
  it('logs the failure and shows the next notice', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithUi(<main />);
    act(() => showErrorToast('Primeiro aviso'));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('[ui] the notices could not be loaded', expect.any(Error)));
    expect(screen.queryByText('Primeiro aviso')).not.toBeInTheDocument();

    act(() => showErrorToast('Segundo aviso'));
    expect(await screen.findByText('Segundo aviso')).toBeInTheDocument();
    expect(chunk.attempts).toBe(2);
  });
});
