import type { AuditEvent } from '@backoffice/contracts';
import { formatDateTime } from '@backoffice/ui';
import { AuditChangeList, auditActionText, auditActorName, type Column } from '@backoffice/ui/kit';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../messages';
import { companyPath, userHistoryPath } from '../paths';

const m = messages.activity;

/** Where an event's entity is seen: a company's page, a user's history; nothing once it has no id. */
function entityPath(event: AuditEvent): string | undefined {
  if (!event.entity_id) return undefined;
  if (event.entity_type === 'company') return companyPath(event.entity_id);
  if (event.entity_type === 'user') return userHistoryPath(event.entity_id);
  return undefined;
}

/** The entity as a link to its page, named as people know it, and what kind of record it is. */
function EntityCell({ event }: { event: AuditEvent }) {
  const label = event.entity_label ?? m.noEntity;
  const path = entityPath(event);
  return (
    <>
      <Text as="span" display="block" truncate title={label}>
        {path ? (
          <Link asChild variant="underline">
            <RouterLink to={path}>{label}</RouterLink>
          </Link>
        ) : (
          label
        )}
      </Text>
      <Text as="span" display="block" fontSize="xs" color="fg.muted">
        {m.entityKind[event.entity_type] ?? event.entity_type}
      </Text>
    </>
  );
}

/** Who acted, cut to one line (whole on hover), and from which address. */
function ActorCell({ event }: { event: AuditEvent }) {
  const name = auditActorName(event);
  return (
    <>
      <Text as="span" display="block" truncate title={name}>
        {name}
      </Text>
      {event.ip && (
        <Text as="span" display="block" fontSize="xs" color="fg.muted">
          {event.ip}
        </Text>
      )}
    </>
  );
}

/** Every cell at the top of its row: a row is as tall as its longest list of changes. */
const alignedTop = (columns: Column<AuditEvent>[]): Column<AuditEvent>[] =>
  columns.map((column) => ({ ...column, cellProps: { verticalAlign: 'top', ...column.cellProps } }));

/** The activity list's columns: when, who (and from where), what, which record, and what changed. */
export const activityColumns = alignedTop([
  {
    key: 'when',
    header: m.columns.when,
    width: '9.5rem',
    cell: (event) => <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>,
    cellProps: { whiteSpace: 'nowrap' },
  },
  { key: 'who', header: m.columns.who, width: '21%', cell: (event) => <ActorCell event={event} /> },
  { key: 'action', header: m.columns.action, width: '18%', cell: (event) => auditActionText(event) },
  { key: 'entity', header: m.columns.entity, width: '21%', cell: (event) => <EntityCell event={event} /> },
  { key: 'changes', header: m.columns.changes, cell: (event) => <AuditChangeList event={event} /> },
]);
