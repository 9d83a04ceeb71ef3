import { useCurrentUser } from '@backoffice/api-client';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { FiPlus } from 'react-icons/fi';
import { NoPermission } from '../components/NoPermission';
import { UserFormDialog } from '../components/UserFormDialog';
import { UsersAdmin } from '../components/UsersAdmin';
import { messages } from '../messages';

/** `/admin` (spec §2): user administration, for super users only. */
export default function AdminPage() {
  const { data: currentUser } = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const isSuperuser = currentUser?.is_superuser === true;

  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <Flex gap="4" align="center" justify="space-between" wrap="wrap">
        <Heading as="h1" size="2xl">
          {messages.adminPageTitle}
        </Heading>
        {isSuperuser && (
          <Button onClick={() => setAdding(true)}>
            <FiPlus aria-hidden />
            {messages.addUser}
          </Button>
        )}
      </Flex>
      {currentUser === undefined ? (
        <Skeleton height="64" />
      ) : isSuperuser ? (
        <UsersAdmin currentUserId={currentUser.id} />
      ) : (
        <NoPermission />
      )}
      {/* Mounted per opening: every new user starts from the defaults with fresh controls. */}
      {isSuperuser && adding && <UserFormDialog mode="add" open onClose={() => setAdding(false)} />}
    </Stack>
  );
}
