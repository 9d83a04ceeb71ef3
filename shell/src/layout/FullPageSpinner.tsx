import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';
import { chakra } from '@chakra-ui/react/styled-system';
import { useLayoutEffect } from 'react';
import { holdFirstPaint } from '../first-paint/takeover';
import { messages } from '../messages';

/**
 * The page's spinner (spec §2): a `status` whose text says what it is. The spinner itself is only a
 * picture — an `aria-label` on its role-less span was what axe refused (`aria-prohibited-attr`).
 */
export function FullPageSpinner() {
  // A spinner is less than the prerendered frame it would replace: the first paint stays meanwhile.
  useLayoutEffect(holdFirstPaint, []);
  return (
    <Center minH="100vh" role="status">
      <Spinner size="xl" color="brand.solid" aria-hidden />
      <chakra.span srOnly>{messages.loading}</chakra.span>
    </Center>
  );
}
