import {
  hasNextPage,
  hasPreviousPage,
  useDeleteUser,
  usePrefetchNextPage,
  usersPageQueryOptions,
  useUsersPage,
} from '@backoffice/api-client';
import { USERS_PAGE_SIZE, type UserPublic } from '@backoffice/contracts';
import { ConfirmDeleteDialog, handleError, PaginationFooter, showSuccessToast } from '@backoffice/ui';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { EmptyState } from '@chakra-ui/react/empty-state';
import { Stack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { FiUsers } from 'react-icons/fi';
import { useAdminPageParam } from '../hooks/use-admin-page-param';
import { messages } from '../messages';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';

/** The super user's list: 10 per page from the URL's `page`, the next page prefetched, edit and delete. */
export function UsersAdmin({ currentUserId }: { currentUserId: string }) {
  const [page, setPage] = useAdminPageParam();
  const { data, isError, refetch, isFetching } = useUsersPage(page);
  const [editing, setEditing] = useState<UserPublic | null>(null);
  const [deleting, setDeleting] = useState<UserPublic | null>(null);
  const deleteUser = useDeleteUser();

  const rows = data?.data;
  const canGoNext = rows !== undefined && hasNextPage(rows.length, USERS_PAGE_SIZE);
  usePrefetchNextPage(canGoNext ? usersPageQueryOptions(page + 1) : undefined);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      showSuccessToast(messages.userDeleted);
      setDeleting(null);
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <Stack gap="4">
      {isError && rows === undefined ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title flex="1">{messages.loadFailed}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void refetch()} loading={isFetching}>
            {messages.retry}
          </Button>
        </Alert.Root>
      ) : rows !== undefined && rows.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="md">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FiUsers aria-hidden />
            </EmptyState.Indicator>
            <EmptyState.Title as="h2">{messages.emptyTitle}</EmptyState.Title>
            <EmptyState.Description>{messages.emptyText}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <UsersTable users={rows} currentUserId={currentUserId} onEdit={setEditing} onDelete={setDeleting} />
      )}
      <PaginationFooter
        label={messages.pageLabel(page)}
        hasPrevious={hasPreviousPage(page)}
        hasNext={canGoNext}
        onPrevious={() => setPage(page - 1)}
        onNext={() => setPage(page + 1)}
      />
      {editing && <UserFormDialog key={editing.id} mode="edit" open user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        entity="Usuário"
        name={deleting?.email ?? ''}
        loading={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
