import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate, useRouteLoaderData } from 'react-router-dom';
import { messages } from '../messages';
import { NOT_FOUND_ROUTE_ID, type NotFoundData } from '../routes/signed-in-route';

/** Root not-found screen (spec §2); inside the frame (which holds the page's `main`) for a signed-in user. */
export function NotFound() {
  const framed = (useRouteLoaderData(NOT_FOUND_ROUTE_ID) as NotFoundData | undefined)?.framed === true;
  return <NotFoundView framed={framed} />;
}

/** The not-found screen alone (a visitor's) or inside the frame (a signed-in user's); prerendered both ways. */
export function NotFoundView({ framed }: { framed: boolean }) {
  const navigate = useNavigate();
  return (
    <Center as={framed ? 'div' : 'main'} minH={framed ? '60vh' : '100vh'} p="6">
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
