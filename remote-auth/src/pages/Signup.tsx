import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { messages } from '../messages';

/** Placeholder until this area's own issue builds the screen. */
export default function Signup() {
  return (
    <Stack gap="4" p={{ base: '4', md: '8' }}>
      <Heading as="h1" size="2xl">
        {messages.signupTitle}
      </Heading>
      <Text color="fg.muted">{messages.comingSoon}</Text>
    </Stack>
  );
}
