import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  /** The page's one `h1`. */
  title: string;
  /** The page's main action, at the right of the title (e.g. the add button). */
  action?: ReactNode;
  /** A line under the title (a list's total). */
  description?: ReactNode;
  /** Search and filter controls between the title and the content. */
  filters?: ReactNode;
  children: ReactNode;
}

/** The frame of a screen inside the shell: title and action, then filters, then the content. */
export function PageFrame({ title, action, description, filters, children }: PageFrameProps) {
  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <Flex gap="4" justify="space-between" align="center" wrap="wrap">
        <Stack gap="1">
          {/* Focusable from script only: where the focus goes when a dialog's row and list are gone. */}
          <Heading as="h1" size="2xl" tabIndex={-1}>
            {title}
          </Heading>
          {description}
        </Stack>
        {action}
      </Flex>
      {filters}
      {children}
    </Stack>
  );
}
