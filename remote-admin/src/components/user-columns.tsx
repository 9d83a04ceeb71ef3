import type { UserPublic } from '@backoffice/contracts';
import type { Column } from '@backoffice/ui/kit';
import { Badge } from '@chakra-ui/react/badge';
import { Link } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { Status } from '@chakra-ui/react/status';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../messages';
import { userHistoryPath } from '../paths';

/** Columns of spec §2: Full name (with `You` on the own row), Email, Role, Status (coloured dot). */
export function userColumns(currentUserId: string): Column<UserPublic>[] {
  return [
    {
      key: 'full_name',
      header: messages.columns.fullName,
      width: '32%',
      cell: (user) => (
        <HStack gap="2">
          <Text
            as="span"
            color={user.full_name ? undefined : 'fg.muted'}
            truncate
            minW="0"
            title={user.full_name || undefined}
          >
            {user.full_name || messages.noFullName}
          </Text>
          {user.id === currentUserId && (
            <Badge colorPalette="teal" size="sm">
              {messages.you}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'email',
      header: messages.columns.email,
      text: (user) => user.email,
      // Opens the user's data and history (issue 27).
      cell: (user) => (
        <Link asChild variant="underline">
          <RouterLink to={userHistoryPath(user.id)}>{user.email}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'role',
      header: messages.columns.role,
      width: '8rem',
      cell: (user) => (user.is_superuser ? messages.roleSuperuser : messages.roleUser),
    },
    {
      key: 'status',
      header: messages.columns.status,
      width: '8rem',
      cell: (user) => (
        <Status.Root colorPalette={user.is_active ? 'green' : 'red'}>
          <Status.Indicator />
          {user.is_active ? messages.statusActive : messages.statusInactive}
        </Status.Root>
      ),
    },
  ];
}
