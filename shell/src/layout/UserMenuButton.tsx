import type { UserPublic } from '@backoffice/contracts';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import type { Ref } from 'react';
import { FiUser } from 'react-icons/fi';
import { messages } from '../messages';

/** The button that opens the user menu: the person's name, or e-mail. */
export function UserMenuButton({
  user,
  ref,
  ...props
}: ButtonProps & { user: UserPublic; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button ref={ref} variant="ghost" colorPalette="gray" size="sm" aria-label={messages.userMenu} gap="2" {...props}>
      <FiUser aria-hidden />
      <Text as="span" maxW="48" truncate>
        {user.full_name || user.email}
      </Text>
    </Button>
  );
}
