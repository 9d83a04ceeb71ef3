import { isApiError, useCurrentUser } from '@backoffice/api-client';
import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { messages } from '../messages';
import { AppFrame } from './AppFrame';
import { FullPageSpinner } from './FullPageSpinner';

/** The signed-in frame: a spinner while the current user loads (spec §2), then menu and page. */
export function ProtectedLayout() {
  const { data: user, isError, error, refetch, isFetching } = useCurrentUser();
  if (user) {
    return <AppFrame user={user} />;
  }
  // A 401 is already logging out; anything else (server down) may be retried.
  if (isError && !(isApiError(error) && error.status === 401)) {
    return (
      <Center minH="100vh">
        <Stack align="center" gap="4" role="alert">
          <Text>{messages.sessionError.title}</Text>
          <Button onClick={() => void refetch()} loading={isFetching}>
            {messages.sessionError.retry}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <FullPageSpinner />;
}
