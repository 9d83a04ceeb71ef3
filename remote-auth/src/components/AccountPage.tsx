import { Logo } from '@backoffice/ui';
import { Box } from '@chakra-ui/react/box';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

export interface AccountPageProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The frame of the four account screens: the logo, a title and a narrow centred column. */
export function AccountPage({ title, intro, children }: AccountPageProps) {
  return (
    <Center as="main" minH="100dvh" px="4" py="10">
      <Stack w="full" maxW="sm" gap="6">
        <Box alignSelf="center">
          <Logo height={48} />
        </Box>
        <Stack gap="2">
          <Heading as="h1" size="2xl" textAlign="center">
            {title}
          </Heading>
          {intro && (
            <Text color="fg.muted" textAlign="center">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Center>
  );
}
