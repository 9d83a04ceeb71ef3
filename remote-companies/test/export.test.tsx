import { type Call, deferredAnswer, fakeApi, listOf, makeCompany, renderPage } from '@backoffice/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/messages';
import CompaniesPage from '../src/pages/CompaniesPage';

const CSV = '\uFEFFNome Fantasia;Razão Social\r\nPadaria;Souza Ltda\r\n';

/** What the browser was asked to save: the blob behind the object URL and the `download` name. */
let saved: { blob: Blob; name: string }[];
let pendingBlob: Blob | undefined;
beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        pendingBlob = blob;
        return 'blob:fake';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pendingBlob) saved.push({ blob: pendingBlob, name: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no `arrayBuffer()`; FileReader reads it. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function serve(exportAnswer: (call: Call) => ReturnType<Parameters<typeof fakeApi>[0]>) {
  return fakeApi((call) => {
    if (call.path === '/companies/') return { status: 200, body: listOf([makeCompany(1)]) };
    if (call.path === '/companies/export.csv') return exportAnswer(call);
    return undefined;
  });
}

describe('Exportar CSV', () => {
  it('downloads the list as filtered and ordered on screen, with the token, and saves it under its name', async () => {
    const calls = serve(() => ({
      status: 200,
      body: CSV,
      contentType: 'text/csv; charset=utf-8',
      headers: { 'Content-Disposition': 'attachment; filename="empresas-2026-11-23.csv"' },
    }));
    const { user } = renderPage(<CompaniesPage />, '/companies?search=pad&type=matriz&sort=-cnpj&page=2');
    await user.click(await screen.findByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = calls.find((c) => c.path === '/companies/export.csv');
    expect(Object.fromEntries(call?.search ?? [])).toEqual({ search: 'pad', type: 'matriz', sort: '-cnpj' });
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(saved[0]?.name).toBe('empresas-2026-11-23.csv');
    expect(Array.from(new Uint8Array(await bytesOf(saved[0]?.blob as Blob)))).toEqual(
      Array.from(new TextEncoder().encode(CSV)),
    );
  });

  it('shows its progress state while the file downloads, and is usable again after', async () => {
    const answer = deferredAnswer();
    serve(() => answer.promise);
    const { user } = renderPage(<CompaniesPage />, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.exportCsv }));
    const busy = await screen.findByRole('button', { name: /Exportando…/ });
    expect(busy).toBeDisabled();
    answer.release({ status: 200, body: CSV, contentType: 'text/csv' });
    expect(await screen.findByRole('button', { name: messages.exportCsv })).toBeEnabled();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(messages.exportFileName);
  });

  it.each([
    ['an English detail', { status: 500, body: { detail: 'Internal Server Error' } }, 'Internal Server Error'],
    ['no detail (a proxy timing out)', { status: 504 }, 'Gateway Timeout'],
  ])(
    'says clearly, in Portuguese, when the server failed the export (%s), and saves nothing',
    async (_, answer, english) => {
      serve(() => answer);
      const { user } = renderPage(<CompaniesPage />, '/companies');
      await user.click(await screen.findByRole('button', { name: messages.exportCsv }));
      expect(await screen.findByText(messages.exportFailed)).toBeInTheDocument();
      expect(screen.getByText(messages.exportServerError)).toBeInTheDocument();
      expect(screen.queryByText(english)).not.toBeInTheDocument();
      expect(saved).toHaveLength(0);
    },
  );

  it('stops the download when the screen is left, and says nothing about it', async () => {
    const calls = serve(() => 'pending');
    const { user, router } = renderPage(<CompaniesPage />, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.exportCsv }));
    await screen.findByRole('button', { name: /Exportando…/ });
    const call = calls.find((c) => c.path === '/companies/export.csv');
    expect(call?.signal?.aborted).toBe(false);
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    expect(call?.signal?.aborted).toBe(true);
    // The AbortError the download ends with is no failure to tell anyone about.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(messages.exportFailed)).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('says so when the server cannot be reached', async () => {
    serve(() => 'unreachable');
    const { user } = renderPage(<CompaniesPage />, '/companies');
    await user.click(await screen.findByRole('button', { name: messages.exportCsv }));
    expect(await screen.findByText(messages.exportFailed)).toBeInTheDocument();
    expect(screen.getByText(messages.loadErrorDescription)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
