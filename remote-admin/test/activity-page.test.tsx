import type { AuditEvent } from '@backoffice/contracts';
import { uiMessages } from '@backoffice/ui';
import { historyMessages } from '@backoffice/ui/kit';
import {
  superuser as admin,
  type Call,
  declaredFirstRequests,
  fakeApi,
  makeAuditEvent,
  makeCompany,
  makeUser,
  renderPage,
  renderRoutes,
  rowOf,
} from '@backoffice/ui/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages';
import ActivityPage from '../src/pages/ActivityPage';
import { apiFilterOf } from '../src/pages/activity-search';
import remote from '../src/remote';

const m = messages.activity;
const auditCalls = (calls: Call[]) => calls.filter((call) => call.path === '/audit-events');

const ana = makeUser(1);
const bruno = makeUser(2);
const company = makeCompany(3);

/** Newest first, as the API answers: an edit of a company, a sign-in, a role change, a failed sign-in. */
const events: AuditEvent[] = [
  makeAuditEvent(40, {
    action: 'company.updated',
    entity_id: company.id,
    entity_label: company.trading_name,
    changes: { trading_name: { old: 'Nome Antigo', new: company.trading_name } },
  }),
  makeAuditEvent(39, {
    action: 'user.login',
    entity_type: 'user',
    entity_id: bruno.id,
    entity_label: bruno.email,
    actor: { type: 'user', id: bruno.id, label: bruno.email },
    ip: '10.0.0.2',
  }),
  makeAuditEvent(38, {
    action: 'user.updated',
    entity_type: 'user',
    entity_id: bruno.id,
    entity_label: bruno.email,
    actor: { type: 'user', id: admin.id, label: admin.email },
    changes: { is_superuser: { old: false, new: true }, password: { old: null, new: null } },
  }),
  makeAuditEvent(37, {
    action: 'user.login_failed',
    entity_type: 'user',
    entity_id: null,
    entity_label: null,
    actor: { type: 'user', id: null, label: 'intruso@example.com' },
    ip: '203.0.113.9',
  }),
];

/** The API: pages of `pageSize` events after the cursor, and the users to pick from. */
function serve({ pageSize = 50, all = events, me = admin } = {}) {
  return fakeApi((call) => {
    if (call.path === '/users/me') return { status: 200, body: me };
    if (call.path === '/users/') return { status: 200, body: { data: [bruno, ana, admin], count: 3 } };
    if (call.path === '/audit-events') {
      const cursor = call.search.get('cursor');
      const start = cursor ? all.findIndex((event) => event.id === cursor) + 1 : 0;
      const page = all.slice(start, start + pageSize);
      const more = start + pageSize < all.length;
      return { status: 200, body: { data: page, next_cursor: more ? (page.at(-1)?.id ?? null) : null } };
    }
    return undefined;
  });
}

describe('ActivityPage', () => {
  it('tells an ordinary user they may not, and asks the API for nothing', async () => {
    const calls = serve({ me: { ...admin, is_superuser: false } });
    renderPage(<ActivityPage />, '/admin/activity');
    expect(await screen.findByRole('heading', { name: messages.forbiddenTitle })).toBeInTheDocument();
    expect(auditCalls(calls)).toHaveLength(0);
  });

  it('lists each event: when, who and from where, what, the record as a link, and each change', async () => {
    serve();
    renderPage(<ActivityPage />, '/admin/activity');
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: m.caption });
    for (const header of Object.values(m.columns)) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));

    const edit = rowOf(`Nome Fantasia: Nome Antigo → ${company.trading_name}`);
    expect(within(edit).getByText(historyMessages.actions['company.updated'] as string)).toBeInTheDocument();
    expect(within(edit).getByRole('link', { name: company.trading_name })).toHaveAttribute(
      'href',
      `/companies/${company.id}`,
    );
    expect(within(edit).getByText(ana.email)).toBeInTheDocument();

    const role = rowOf('Perfil: Usuário → Administrador');
    expect(within(role).getByText('Senha: alterada')).toBeInTheDocument();
    expect(within(role).getByRole('link', { name: bruno.email })).toHaveAttribute('href', `/admin/users/${bruno.id}`);

    const refused = rowOf('intruso@example.com');
    expect(within(refused).getByText(historyMessages.actions['user.login_failed'] as string)).toBeInTheDocument();
    expect(within(refused).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(refused).getByText(m.noEntity)).toBeInTheDocument();
    expect(screen.getByText('Mostrando 4 eventos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: uiMessages.loadMore })).not.toBeInTheDocument();
  });

  it('reads older events with Carregar mais, after the last one shown (keyset cursor)', async () => {
    const many = Array.from({ length: 5 }, (_, i) => makeAuditEvent(100 - i, { entity_label: `Empresa ${i}` }));
    const calls = serve({ pageSize: 2, all: many });
    const { user } = renderPage(<ActivityPage />, '/admin/activity');
    const table = await screen.findByRole('table', { name: m.caption });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const more = screen.getByRole('button', { name: uiMessages.loadMore });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(auditCalls(calls).map((call) => call.search.get('cursor'))).toEqual([null, '99']);
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(screen.getByText('Mostrando 5 eventos')).toBeInTheDocument();
    // The button went with the last page: the focus is on the list, not lost on the page's body.
    expect(screen.queryByRole('button', { name: uiMessages.loadMore })).not.toBeInTheDocument();
    await waitFor(() => expect(table).toHaveFocus());
  });

  it('filters by who, record and action from the URL, and each choice changes the URL', async () => {
    const calls = serve();
    const { router, user } = renderPage(
      <ActivityPage />,
      `/admin/activity?actor_id=${bruno.id}&entity_type=user&action=user.login`,
    );
    await screen.findByRole('table', { name: m.caption });
    const last = () => auditCalls(calls).at(-1)?.search;
    expect(Object.fromEntries(last()?.entries() ?? [])).toEqual({
      actor_id: bruno.id,
      entity_type: 'user',
      action: 'user.login',
    });
    const who = screen.getByRole('combobox', { name: m.who });
    await waitFor(() => expect(who).toHaveValue(bruno.id));
    // Only the actions of the record chosen are offered.
    const action = screen.getByRole('combobox', { name: m.action });
    expect(within(action).queryByRole('option', { name: m.actionOptions.company?.['company.deleted'] })).toBeNull();

    // Another kind of record drops an action that would match nothing.
    await user.selectOptions(screen.getByRole('combobox', { name: m.entity }), 'company');
    await waitFor(() => expect(router.state.location.search).toBe(`?actor_id=${bruno.id}&entity_type=company`));
    await user.selectOptions(screen.getByRole('combobox', { name: m.action }), 'company.deleted');
    await waitFor(() => expect(last()?.get('action')).toBe('company.deleted'));
    await user.click(screen.getByRole('button', { name: m.clear }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(who).toHaveValue('');
  });

  it('asks first for what its declaration names, so the early answer is the page’s own', async () => {
    const declared = remote.screens.find((screen) => screen.expose === 'ActivityPage');
    if (!declared) throw new Error('ActivityPage is not declared');
    for (const search of ['', `?entity_type=user&actor_id=${bruno.id}`, '?action=company.&entity_type=company']) {
      const calls = serve();
      const url = `/admin/activity${search}`;
      renderRoutes([{ path: '/admin/activity', element: <ActivityPage /> }], url);
      await waitFor(() => expect(auditCalls(calls)).not.toHaveLength(0));
      expect([auditCalls(calls)[0]?.url.href]).toEqual(declaredFirstRequests(declared, url));
      cleanup();
    }
    // A period is read where the person is: nothing is declared for it, the page asks itself.
    expect(declaredFirstRequests(declared, '/admin/activity?from=2026-11-20')).toEqual([]);
  });

  it('takes the period as whole days where the person is, and says when it ends before it starts', async () => {
    const calls = serve();
    renderPage(<ActivityPage />, '/admin/activity?from=2026-11-20&to=2026-11-10');
    await screen.findByRole('table', { name: m.caption });
    expect(await screen.findByText(m.periodReversed)).toBeInTheDocument();
    const asked = auditCalls(calls).at(-1)?.search;
    expect(asked?.get('from')).toBe(new Date(2026, 10, 20).toISOString());
    expect(asked?.has('to')).toBe(false);
    // `to` is exclusive for the API: the next day's midnight includes the whole last day.
    expect(apiFilterOf({ from: undefined, to: '2026-11-25' } as never).to).toBe(new Date(2026, 10, 26).toISOString());
  });

  it('says when nothing matches, and tells that apart from an empty history', async () => {
    serve({ all: [] });
    renderPage(<ActivityPage />, '/admin/activity?entity_type=company');
    expect(await screen.findByText(m.emptyFiltered)).toBeInTheDocument();
  });

  it('offers Tentar novamente when the list cannot load', async () => {
    fakeApi((call) => {
      if (call.path === '/users/me') return { status: 200, body: admin };
      if (call.path === '/audit-events') return 'unreachable';
      return { status: 200, body: { data: [], count: 0 } };
    });
    renderRoutes([{ path: '/admin/activity', element: <ActivityPage /> }], '/admin/activity');
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: uiMessages.retry })).toBeInTheDocument();
  });
});
