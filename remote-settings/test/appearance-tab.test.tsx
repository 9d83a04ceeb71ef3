import { fakeApi, makeUser, renderPage } from '@backoffice/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import SettingsPage from '../src/pages/SettingsPage';

/** The signed-in person of these tests. */
const me = makeUser(0, { email: 'ana@example.com', full_name: 'Ana Lima' });

const t = messages.appearance;

describe('Aparência', () => {
  it('starts on Dark Mode (marked Default) and applies and keeps Light Mode at once', async () => {
    fakeApi((call) => (call.path === '/users/me' ? { status: 200, body: me } : undefined));
    renderPage(<SettingsPage />, '/settings');
    await userEvent.click(screen.getByRole('tab', { name: 'Aparência' }));
    const dark = await screen.findByRole('radio', { name: new RegExp(t.dark) });
    const light = screen.getByRole('radio', { name: new RegExp(t.light) });
    expect(dark).toBeChecked();
    expect(light).not.toBeChecked();
    expect(dark.closest('label')).toHaveTextContent(t.default);
    expect(light.closest('label')).not.toHaveTextContent(t.default);

    await userEvent.click(screen.getByText(t.light));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('radio', { name: new RegExp(t.light) })).toBeChecked();

    await userEvent.click(screen.getByText(t.dark));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
