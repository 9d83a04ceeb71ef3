import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { FormEventHandler, ReactNode } from 'react';

/** The form of a tab of `/settings` (Meu perfil, Senha): its heading, then its fields and buttons, in a form-wide column. */
export function SettingsForm({
  heading,
  onSubmit,
  children,
}: {
  heading: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box maxW={{ base: 'full', md: 'md' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="md">
            {heading}
          </Heading>
          {children}
        </Stack>
      </form>
    </Box>
  );
}
