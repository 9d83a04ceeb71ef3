import { useCurrentUser } from '@backoffice/api-client';
import { uiMessages } from '@backoffice/ui';
import { PageFrame } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { FiActivity, FiPlus } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { NoPermission } from '../components/NoPermission';
import { UserFormDialog } from '../components/UserFormDialog';
import { UsersAdmin, UsersTotal } from '../components/UsersAdmin';
import { messages } from '../messages';
import { ACTIVITY_PATH } from '../paths';

/** `/admin` (spec §2): user administration, for super users only. */
export default function AdminPage() {
  const { data: currentUser } = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const isSuperuser = currentUser?.is_superuser === true;

  return (
    <PageFrame
      title={messages.adminPageTitle}
      description={isSuperuser && <UsersTotal />}
      action={
        isSuperuser && (
          <HStack gap="3" wrap="wrap">
            <Button asChild variant="outline">
              <Link to={ACTIVITY_PATH}>
                <FiActivity aria-hidden />
                {messages.activity.title}
              </Link>
            </Button>
            <Button onClick={() => setAdding(true)}>
              <FiPlus aria-hidden />
              {messages.addUser}
            </Button>
          </HStack>
        )
      }
    >
      {currentUser === undefined ? (
        <Skeleton height="64" role="status" aria-label={uiMessages.loading} />
      ) : isSuperuser ? (
        <UsersAdmin currentUserId={currentUser.id} />
      ) : (
        <NoPermission />
      )}
      {/* Mounted per opening: every new user starts from the defaults with fresh controls. */}
      {isSuperuser && adding && <UserFormDialog mode="add" open onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}
