import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Icon } from '@chakra-ui/react/icon';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { FiAlertTriangle } from 'react-icons/fi';
import { useRevalidator, useRouteError } from 'react-router-dom';
import { messages } from '../messages';

/**
 * Shown in place of a remote page that could not be loaded or threw while rendering. The rest of
 * the frame (menu, log out, other areas) keeps working; "Tentar novamente" loads the remote again
 * with a fresh URL and re-renders the route, without reloading the page. Where the frame itself
 * failed, `text` says so instead of pointing to other areas.
 */
export function RemoteErrorPanel({ text = messages.remoteError.text }: { text?: string }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (error) console.error('[shell] area failed', error);
  }, [error]);

  const retry = async () => {
    setRetrying(true);
    try {
      await revalidator.revalidate();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Stack role="alert" align="center" textAlign="center" gap="4" py="16" px="6" maxW="lg" mx="auto">
      <Icon as={FiAlertTriangle} boxSize="10" color="fg.error" aria-hidden />
      <Heading as="h1" size="lg">
        {messages.remoteError.title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
      <Button onClick={retry} loading={retrying || revalidator.state === 'loading'}>
        {messages.remoteError.retry}
      </Button>
    </Stack>
  );
}
