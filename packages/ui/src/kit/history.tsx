import { isUnknownRecord } from '@backoffice/api-client';
import type { AuditEvent } from '@backoffice/contracts';
import { formatCnpj } from '@backoffice/contracts';
import { formatDateTime } from '@backoffice/ui';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useId, useRef } from 'react';
import { FiSearch } from 'react-icons/fi';
import { historyMessages as m } from './history-messages.js';
import { LoadMore } from './keyset-list.js';
import { StatusPanel } from './status-panel.js';

/** Who acted, as a person reads it: the user's e-mail, the partner portal, a remote's deploy key, or the system. */
export function auditActorName(event: AuditEvent): string {
  if (event.actor.type === 'system') return m.system;
  if (event.actor.type === 'partner') return m.partner(event.actor.label ?? m.unknownActor);
  if (event.actor.type === 'deploy_key') return m.deployKey(event.actor.label ?? m.unknownActor);
  return event.actor.label ?? m.unknownActor;
}

/** What was done and why: `Alterou`, `Cadastrou a empresa por importação de CSV`. */
export function auditActionText(event: AuditEvent): string {
  const action = m.actions[event.action] ?? m.otherAction;
  const reason = event.reason ? m.reasons[event.reason] : undefined;
  return reason ? `${action} ${reason}` : action;
}

/** A recorded value as the screens show it: the CNPJ masked, types, roles and statuses in words. */
function valueText(entity: string, field: string, value: unknown): string {
  const v = m.values;
  if (value === null || value === undefined || value === '') return m.emptyValue;
  if (field === 'tax_id') return formatCnpj(String(value));
  if (field === 'type' && (value === 'matriz' || value === 'filial')) return v[value];
  if (field === 'is_active' && entity === 'company') return value ? v.companyActive : v.companyInactive;
  if (field === 'is_active') return value ? v.userActive : v.userInactive;
  if (field === 'is_superuser') return value ? v.superuser : v.ordinaryUser;
  if (field === 'created_at') return formatDateTime(String(value));
  if (typeof value === 'boolean') return value ? v.yes : v.no;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : m.emptyValue;
  return String(value);
}

/**
 * Each field an update changed, `Nome Fantasia: Antigo → Novo`; a password only says that it changed;
 * a change of who gets a release, `Versão de todos: companies@1.0.0-a → companies@1.0.0-b`. Other
 * events list none (a creation's values are the entity's, shown on its page).
 */
export function auditChanges(event: AuditEvent): string[] {
  const changesWhoGetsIt = event.entity_type === 'release' && event.action !== 'release.published';
  if (!event.action.endsWith('.updated') && !changesWhoGetsIt) return [];
  const labels = m.fields[event.entity_type] ?? {};
  return Object.entries(event.changes).map(([field, change]) => {
    const label = labels[field] ?? field;
    if (field === 'password') return m.changedSecret(label);
    const { entity_type: entity } = event;
    return m.change(label, valueText(entity, field, change.old), valueText(entity, field, change.new));
  });
}

/** `ana@example.com em 23/11/2026, 14:05 de 10.0.0.1`: who, when and from where. */
export function auditByLine(event: AuditEvent): string {
  const line = m.at(auditActorName(event), formatDateTime(event.occurred_at));
  return event.ip ? `${line} ${m.from(event.ip)}` : line;
}

/** The fields an update changed, one per line, wrapping however long the values; nothing for other events. */
export function AuditChangeList({ event }: { event: AuditEvent }) {
  const changes = auditChanges(event);
  if (changes.length === 0) return null;
  return (
    <chakra.ul listStyle="none" fontSize="sm" overflowWrap="anywhere">
      {changes.map((change) => (
        <li key={change}>{change}</li>
      ))}
    </chakra.ul>
  );
}

function EventEntry({ event }: { event: AuditEvent }) {
  return (
    <chakra.li borderStartWidth="2px" borderColor="border.emphasized" ps="4" py="1" minW="0">
      <Text fontWeight="medium">{auditActionText(event)}</Text>
      <AuditChangeList event={event} />
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {auditByLine(event)}
      </Text>
    </chakra.li>
  );
}

export interface HistoryTimelineProps {
  events: readonly AuditEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Loading older events failed: `Carregar mais` says so and tries again. */
  loadMoreFailed?: boolean;
  onLoadMore: () => void;
  /** The section's heading: `Histórico` unless given. */
  title?: string;
  /** Shown under the heading, before the events (a link to more, a note). */
  children?: ReactNode;
}

/** An entity's history as the API pages it: an infinite query of `{ data }` pages, older events next. */
interface HistoryPagesQuery {
  data?: { pages: readonly { data: readonly AuditEvent[] }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** The timeline's events and `Carregar mais` wiring from a history query (`useCompanyHistory`, `useUserHistory`). */
function historyTimelineProps(
  history: HistoryPagesQuery,
): Pick<HistoryTimelineProps, 'events' | 'hasMore' | 'loadingMore' | 'loadMoreFailed' | 'onLoadMore'> {
  return {
    events: history.data?.pages.flatMap((page) => page.data) ?? [],
    hasMore: history.hasNextPage,
    loadingMore: history.isFetchingNextPage,
    loadMoreFailed: history.isFetchNextPageError,
    onLoadMore: () => void history.fetchNextPage(),
  };
}

/**
 * A record's page for a record the API does not know and whose history names no deletion (`recordPage`'s
 * `gone` without a `deletion`): the title as the page's `h1`, and a panel that says so.
 */
export function UnknownRecord({ title, description }: { title: string; description: string }) {
  return (
    <>
      <Heading as="h1" size="2xl" tabIndex={-1}>
        {title}
      </Heading>
      <StatusPanel icon={<FiSearch />} title={title} description={description} bordered />
    </>
  );
}

/** What a record's page shows (`recordPage`). */
export type RecordPageState<TRecord> =
  | { kind: 'loading' }
  /** The API does not know the record; `deletion` is the event that deleted it, when its history says so. */
  | { kind: 'gone'; deletion: AuditEvent | undefined }
  | { kind: 'failed' }
  | { kind: 'shown'; record: TRecord };

/**
 * Where a record's page stands (a company's, a user's), from the record's query and its history's:
 * `loading` until the record is in — for a record the API does not know, until its history is in too;
 * `gone` for such a record, with the event that deleted it when its newest event is `deletedAction`;
 * `failed` when the record could not be read; else `shown`. `timeline` is the history's section,
 * `events` the events it has loaded.
 */
export function recordPage<TRecord>(
  record: { isPending: boolean; error: unknown; data?: TRecord | undefined },
  history: HistoryPagesQuery & { isPending: boolean },
  deletedAction: AuditEvent['action'],
): { state: RecordPageState<TRecord>; events: readonly AuditEvent[]; timeline: ReactNode } {
  const timelineProps = historyTimelineProps(history);
  const { events } = timelineProps;
  const gone = isUnknownRecord(record.error);
  const state: RecordPageState<TRecord> =
    record.isPending || (gone && history.isPending)
      ? { kind: 'loading' }
      : gone
        ? { kind: 'gone', deletion: events[0]?.action === deletedAction ? events[0] : undefined }
        : record.data
          ? { kind: 'shown', record: record.data }
          : { kind: 'failed' };
  return { state, events, timeline: <HistoryTimeline {...timelineProps} /> };
}

/**
 * An entity's history as a timeline, newest first, older events on `Carregar mais` (keyset pages):
 * a `section` named by its `h2`, each event's action, the fields it changed old → new, who, when and
 * from where.
 */
export function HistoryTimeline({
  events,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  title = m.title,
  children,
}: HistoryTimelineProps) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" minW="0">
      <Heading as="h2" size="lg" id={headingId}>
        {title}
      </Heading>
      {children}
      {events.length === 0 ? (
        <Text color="fg.muted">{m.empty}</Text>
      ) : (
        <chakra.ol ref={list} tabIndex={-1} listStyle="none" display="grid" gap="3" aria-label={title}>
          {events.map((event) => (
            <EventEntry key={event.id} event={event} />
          ))}
        </chakra.ol>
      )}
      <LoadMore
        hasMore={hasMore}
        loading={loadingMore}
        failed={loadMoreFailed}
        onLoadMore={onLoadMore}
        focusWhenDone={list}
      />
    </Stack>
  );
}
