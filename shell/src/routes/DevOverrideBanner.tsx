import { Box } from '@chakra-ui/react/box';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { getRegistry } from '../federation/registry';
import { messages } from '../messages';

/**
 * Says, on every page, that this browser runs a remote from a developer's server
 * (`?remote-override=`), and offers the way back: a page load with `?remote-override=off`, which ends
 * the overrides (the server clears its cookie).
 */
export function DevOverrideBanner() {
  const { overrides } = getRegistry();
  if (overrides.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label={messages.devOverride.label}
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
      px="4"
      py="2"
      bg="orange.subtle"
      color="orange.fg"
      borderBottomWidth="1px"
      borderColor="orange.muted"
      fontSize="sm"
    >
      {overrides.map((override) => (
        <Text key={override.name}>{messages.devOverride.text(override.name, override.url)}</Text>
      ))}
      <Link href="?remote-override=off" fontWeight="semibold" textDecoration="underline" color="inherit">
        {messages.devOverride.off}
      </Link>
    </Box>
  );
}
