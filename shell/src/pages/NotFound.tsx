import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from 'react-router-dom';
import { messages } from '../messages';

/** Root not-found screen (spec §2). */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <Center as="main" minH="100vh" p="6">
      <Stack align="center" textAlign="center" gap="4">
        <Heading as="h1" size="3xl">
          {messages.notFound.title}
        </Heading>
        <Text color="fg.muted">{messages.notFound.text}</Text>
        <Button onClick={() => navigate('/')}>{messages.notFound.goBack}</Button>
      </Stack>
    </Center>
  );
}
