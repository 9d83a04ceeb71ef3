import { isApiError, useCurrentUser } from '@backoffice/api-client';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Icon } from '@chakra-ui/react/icon';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FiAlertTriangle } from 'react-icons/fi';
import { messages } from '../messages';
import { AppFrame } from './AppFrame';
import { FullPageSpinner } from './FullPageSpinner';

/** The signed-in frame: a spinner while the current user loads (spec §2), then menu and page. */
export function ProtectedLayout() {
  const { data: user, isError, error, refetch, isFetching } = useCurrentUser();
  if (user) {
    return <AppFrame user={user} />;
  }
  // A 401 is already logging out; anything else (server down) may be retried — inside the frame, so
  // the menu and Log out stay within reach (issue 28: a bare page with no way out).
  if (isError && !(isApiError(error) && error.status === 401)) {
    return (
      <AppFrame>
        <Stack role="alert" align="center" textAlign="center" gap="4" py="16" px="6" maxW="lg" mx="auto">
          <Icon as={FiAlertTriangle} boxSize="10" color="fg.error" aria-hidden />
          <Heading as="h1" size="lg">
            {messages.sessionError.title}
          </Heading>
          <Text color="fg.muted">{messages.sessionError.text}</Text>
          <Button onClick={() => void refetch()} loading={isFetching}>
            {messages.sessionError.retry}
          </Button>
        </Stack>
      </AppFrame>
    );
  }
  return <FullPageSpinner />;
}
