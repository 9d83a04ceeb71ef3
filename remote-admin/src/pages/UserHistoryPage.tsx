import { useCurrentUser, useUser, useUserHistory } from '@backoffice/api-client';
import type { AuditEvent, UserPublic } from '@backoffice/contracts';
import { formatDateTime, uiMessages } from '@backoffice/ui';
import { auditActorName, DetailsItem, DetailsList, LoadError, recordPage, UnknownRecord } from '@backoffice/ui/kit';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { FiActivity } from 'react-icons/fi';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { BackToUsers } from '../components/BackToUsers';
import { NoPermission } from '../components/NoPermission';
import { messages } from '../messages';
import { actorActivityPath } from '../paths';

const m = messages.userHistory;

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <BackToUsers />
      {children}
    </Stack>
  );
}

/**
 * `/admin/users/:id` (issue 27), for super users: the user's data and history — created, changed
 * field by field (role and status included), password changes and resets, sign-ins that worked or
 * failed, deleted — and a link to what the user did. A deleted user shows who deleted them; an unknown
 * id says so. A reload keeps the page (deep link).
 */
export default function UserHistoryPage() {
  const { data: currentUser } = useCurrentUser();
  if (currentUser === undefined) {
    return (
      <Page>
        <Skeleton height="64" role="status" aria-label={uiMessages.loading} />
      </Page>
    );
  }
  if (!currentUser.is_superuser) {
    return (
      <Page>
        <NoPermission />
      </Page>
    );
  }
  return <UserHistory />;
}

function UserHistory() {
  const { id = '' } = useParams();
  const user = useUser({ id });
  const history = useUserHistory({ id });
  const { state, timeline } = recordPage(user, history, 'user.deleted');

  if (state.kind === 'loading') {
    return (
      <Page>
        <Skeleton height="10" width="60%" />
        <Skeleton height="40" role="status" aria-label={uiMessages.loading} />
      </Page>
    );
  }
  if (state.kind === 'gone') {
    return (
      <Page>
        {state.deletion ? (
          <DeletedUser deletion={state.deletion} />
        ) : (
          <UnknownRecord title={m.notFoundTitle} description={m.notFoundDescription} />
        )}
        {state.deletion && timeline}
      </Page>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Page>
        <LoadError title={m.loadFailed} onRetry={() => void user.refetch()} retrying={user.isFetching} />
      </Page>
    );
  }
  return (
    <Page>
      <UserDetails user={state.record} />
      {timeline}
    </Page>
  );
}

function DeletedUser({ deletion }: { deletion: AuditEvent }) {
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl" tabIndex={-1} overflowWrap="anywhere">
        {deletion.entity_label ?? m.notFoundTitle}
      </Heading>
      <Stack role="status" gap="1" p="4" borderWidth="1px" rounded="md" bg="bg.muted">
        <Text fontWeight="semibold">{m.deletedTitle}</Text>
        <Text>{m.deletedDescription(auditActorName(deletion), formatDateTime(deletion.occurred_at))}</Text>
      </Stack>
    </Stack>
  );
}

function UserDetails({ user }: { user: UserPublic }) {
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl" tabIndex={-1} overflowWrap="anywhere">
        {user.email}
      </Heading>
      <Stack as="section" aria-labelledby="user-details" gap="3">
        <Heading as="h2" size="lg" id="user-details">
          {m.details}
        </Heading>
        <DetailsList>
          <DetailsItem label={m.fullName}>{user.full_name || m.noFullName}</DetailsItem>
          <DetailsItem label={m.role}>{user.is_superuser ? m.superuser : m.user}</DetailsItem>
          <DetailsItem label={m.status}>{user.is_active ? m.active : m.inactive}</DetailsItem>
          <DetailsItem label={m.createdAt}>{formatDateTime(user.created_at)}</DetailsItem>
        </DetailsList>
      </Stack>
      <Link asChild variant="underline" alignSelf="flex-start">
        <RouterLink to={actorActivityPath(user.id)}>
          <FiActivity aria-hidden />
          {m.actorActivity}
        </RouterLink>
      </Link>
    </Stack>
  );
}
