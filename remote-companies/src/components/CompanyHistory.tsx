import type { AuditEvent } from '@backoffice/contracts';
import { formatCnpj } from '@backoffice/contracts';
import { formatDateTime } from '@backoffice/ui';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { messages } from '../messages';

const m = messages.page;

/** Who acted, as a person reads it: the user's e-mail, the partner portal, or the system. */
export function actorName(event: AuditEvent): string {
  if (event.actor.type === 'system') return m.system;
  if (event.actor.type === 'partner') return m.partner(event.actor.label ?? m.unknownActor);
  return event.actor.label ?? m.unknownActor;
}

/** A recorded value as the screens show it: the CNPJ masked, the type and status in words. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return m.empty;
  if (field === 'tax_id') return formatCnpj(String(value));
  if (field === 'type') return messages.typeOption[value as 'matriz' | 'filial'] ?? String(value);
  if (field === 'is_active') return value ? messages.activeBadge : messages.inactiveBadge;
  if (field === 'created_at') return formatDateTime(String(value));
  return String(value);
}

/** What an event says: the action, why (import, bulk), and for an update each field old → new. */
function EventEntry({ event }: { event: AuditEvent }) {
  const action = m.actions[event.action] ?? m.otherAction;
  const reason = event.reason ? m.reasons[event.reason] : undefined;
  const changes = event.action === 'company.updated' ? Object.entries(event.changes) : [];
  return (
    <chakra.li borderStartWidth="2px" borderColor="border.emphasized" ps="4" py="1">
      <Text fontWeight="medium">{reason ? `${action} ${reason}` : action}</Text>
      {changes.length > 0 && (
        <chakra.ul listStyle="none" fontSize="sm">
          {changes.map(([field, change]) => (
            <li key={field}>
              {m.change(m.fields[field] ?? field, valueText(field, change.old), valueText(field, change.new))}
            </li>
          ))}
        </chakra.ul>
      )}
      <Text fontSize="sm" color="fg.muted">
        {m.at(actorName(event), formatDateTime(event.occurred_at))}
        {event.ip ? ` ${m.from(event.ip)}` : ''}
      </Text>
    </chakra.li>
  );
}

export interface CompanyHistoryProps {
  events: AuditEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The company's history as a timeline, newest first; older events on "Carregar mais". */
export function CompanyHistory({ events, hasMore, loadingMore, onLoadMore }: CompanyHistoryProps) {
  return (
    <Stack as="section" aria-labelledby="company-history" gap="3">
      <Heading as="h2" size="lg" id="company-history">
        {m.history}
      </Heading>
      {events.length === 0 ? (
        <Text color="fg.muted">{m.historyEmpty}</Text>
      ) : (
        <chakra.ol listStyle="none" display="grid" gap="3" aria-label={m.history}>
          {events.map((event) => (
            <EventEntry key={event.id} event={event} />
          ))}
        </chakra.ol>
      )}
      {hasMore && (
        <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onLoadMore} loading={loadingMore}>
          {m.loadMore}
        </Button>
      )}
    </Stack>
  );
}
