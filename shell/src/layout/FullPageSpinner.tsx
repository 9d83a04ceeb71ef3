import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';
import { messages } from '../messages';

export function FullPageSpinner() {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" aria-label={messages.loading} />
    </Center>
  );
}
