import { useAuditEvents, useCurrentUser, useUserChoices } from '@backoffice/api-client';
import { uiMessages } from '@backoffice/ui';
import { KeysetList, PageFrame, StatusPanel, useListSearchParams } from '@backoffice/ui/kit';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import { useCallback, useMemo } from 'react';
import { FiActivity } from 'react-icons/fi';
import { type ActivityChanges, ActivityFilters } from '../components/ActivityFilters';
import { activityColumns } from '../components/activity-columns';
import { NoPermission } from '../components/NoPermission';
import { messages } from '../messages';
import { ActivitySearchSchema, apiFilterOf, hasActivityFilters } from './activity-search';

const m = messages.activity;
/** Placeholder rows while the first page (up to 50 events) loads: a screenful, not a page. */
const ACTIVITY_SKELETON_ROWS = 8;

/**
 * `/admin/activity` (issue 27): every recorded change and sign-in, newest first, for super users,
 * narrowed by who, what, which record and the period (kept in the URL); older events on
 * `Carregar mais` (keyset pages). Others are told they may not, and nothing is asked of the API.
 */
export default function ActivityPage() {
  const { data: currentUser } = useCurrentUser();
  return (
    <PageFrame title={m.title} description={<Text color="fg.muted">{m.description}</Text>}>
      {currentUser === undefined ? (
        <Skeleton height="64" role="status" aria-label={uiMessages.loading} />
      ) : currentUser.is_superuser ? (
        <Activity />
      ) : (
        <NoPermission />
      )}
    </PageFrame>
  );
}

function Activity() {
  const { params: search, setParams } = useListSearchParams(ActivitySearchSchema);
  const filter = useMemo(() => apiFilterOf(search), [search]);
  const events = useAuditEvents({ filter });
  const users = useUserChoices();
  const onChange = useCallback((changes: ActivityChanges) => setParams(changes), [setParams]);
  const first = events.data?.pages[0]?.data[0];
  // The list names what the choice cannot (a deleted user, one past the first page of users).
  const actorLabel =
    search.actor_id && first?.actor.id === search.actor_id ? (first.actor.label ?? undefined) : undefined;
  const entityLabel =
    search.entity_id && first?.entity_id === search.entity_id ? (first.entity_label ?? undefined) : undefined;
  const filtered = hasActivityFilters(search);
  return (
    <>
      <ActivityFilters
        search={search}
        onChange={onChange}
        users={users.data?.data}
        actorLabel={actorLabel}
        entityLabel={entityLabel}
      />
      <KeysetList
        caption={m.caption}
        columns={activityColumns}
        rowKey={(event) => event.id}
        query={events}
        skeletonRows={ACTIVITY_SKELETON_ROWS}
        noun={m.noun}
        loadError={{ title: m.loadFailed }}
        empty={
          <StatusPanel
            bordered
            icon={<FiActivity aria-hidden />}
            title={m.emptyTitle}
            description={filtered ? m.emptyFiltered : m.emptyText}
          />
        }
      />
    </>
  );
}
