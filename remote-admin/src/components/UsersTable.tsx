import { USERS_PAGE_SIZE, type UserPublic } from '@backoffice/contracts';
import { Badge } from '@chakra-ui/react/badge';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack } from '@chakra-ui/react/stack';
import { Status } from '@chakra-ui/react/status';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { messages } from '../messages';
import { UserActionsMenu } from './UserActionsMenu';

export interface UsersTableProps {
  /** `undefined` while the first page loads (skeleton rows). */
  users: UserPublic[] | undefined;
  currentUserId: string;
  onEdit: (user: UserPublic) => void;
  onDelete: (user: UserPublic) => void;
}

const COLUMNS = [
  messages.columns.fullName,
  messages.columns.email,
  messages.columns.role,
  messages.columns.status,
  messages.columns.actions,
];

function SkeletonRows() {
  return Array.from({ length: USERS_PAGE_SIZE }, (_, row) => (
    <Table.Row key={row} data-testid="user-row-skeleton">
      {COLUMNS.map((column) => (
        <Table.Cell key={column}>
          <Skeleton height="5" />
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}

/** Columns of spec §2: Full name, Email, Role, Status (coloured dot), Actions. */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size={{ base: 'sm', md: 'md' }} interactive aria-busy={users === undefined}>
        <Table.Caption>
          <VisuallyHidden>{users === undefined ? messages.loading : messages.tableCaption}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users === undefined ? (
            <SkeletonRows />
          ) : (
            users.map((user) => {
              const isCurrentUser = user.id === currentUserId;
              return (
                <Table.Row key={user.id}>
                  <Table.Cell>
                    <HStack gap="2">
                      <Text as="span" color={user.full_name ? undefined : 'fg.muted'}>
                        {user.full_name || messages.noFullName}
                      </Text>
                      {isCurrentUser && (
                        <Badge colorPalette="teal" size="sm">
                          {messages.you}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="span" truncate maxW="xs" display="inline-block">
                      {user.email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{user.is_superuser ? messages.roleSuperuser : messages.roleUser}</Table.Cell>
                  <Table.Cell>
                    <Status.Root colorPalette={user.is_active ? 'green' : 'red'}>
                      <Status.Indicator />
                      {user.is_active ? messages.statusActive : messages.statusInactive}
                    </Status.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <UserActionsMenu user={user} isCurrentUser={isCurrentUser} onEdit={onEdit} onDelete={onDelete} />
                  </Table.Cell>
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
