import { USERS_PAGE_SIZE, useDeleteUser, useUsers } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import {
  DeleteDialog,
  ListTotal,
  PagedTable,
  RowActionsMenu,
  StatusPanel,
  usePageParam,
  useRowDialogs,
} from '@backoffice/ui/kit';
import { useMemo } from 'react';
import { FiUsers } from 'react-icons/fi';
import { messages } from '../messages';
import { UserFormDialog } from './UserFormDialog';
import { userColumns } from './user-columns';

const ROW_ACTIONS = { edit: messages.editUser, delete: messages.deleteUser };

/** The super user's list: 10 per page from the URL's `page`, the next page prefetched, edit and delete. */
export function UsersAdmin({ currentUserId }: { currentUserId: string }) {
  const [page, setPage] = usePageParam(USERS_PAGE_SIZE);
  const list = useUsers({ page });
  const rows = useRowDialogs<UserPublic>(ROW_ACTIONS);
  const deleteUser = useDeleteUser();
  const columns = useMemo(() => userColumns(currentUserId), [currentUserId]);

  return (
    <>
      <PagedTable
        caption={messages.tableCaption}
        columns={columns}
        rowKey={(user) => user.id}
        actionsHeader={messages.columns.actions}
        rowActions={(user) => (
          <RowActionsMenu
            label={messages.actionsFor(user.email)}
            // The signed-in user's own row cannot be changed here (spec §6).
            disabled={user.id === currentUserId}
            disabledReason={messages.ownActionsDisabled}
            actions={rows.actionsOf(user)}
          />
        )}
        query={list}
        page={page}
        pageSize={USERS_PAGE_SIZE}
        pageLabel={messages.pageLabel}
        onPageChange={setPage}
        loadError={{ title: messages.loadFailed }}
        empty={
          <StatusPanel
            bordered
            icon={<FiUsers aria-hidden />}
            title={messages.emptyTitle}
            description={messages.emptyText}
          />
        }
      />
      {rows.editing && <UserFormDialog key={rows.editing.id} mode="edit" open user={rows.editing} {...rows.focus} />}
      <DeleteDialog
        row={rows.deleting}
        entity={messages.deleteEntity}
        nameOf={(user) => user.email}
        mutation={deleteUser}
        success={messages.userDeleted}
        {...rows.focus}
      />
    </>
  );
}

/** The total under the title; the same query as the list (one request), so it follows the page. */
export function UsersTotal() {
  const [page] = usePageParam(USERS_PAGE_SIZE);
  return <ListTotal query={useUsers({ page })} noun={messages.totalNoun} />;
}
