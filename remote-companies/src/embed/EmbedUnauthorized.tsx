import { EmptyState } from '@chakra-ui/react/empty-state';
import { FiLock } from 'react-icons/fi';
import { messages } from '../messages';

/** Shown instead of the screen when there is no token or the API refused it. */
export function EmbedUnauthorized() {
  return (
    <EmptyState.Root role="alert">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FiLock aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title>{messages.embed.unauthorizedTitle}</EmptyState.Title>
        <EmptyState.Description>{messages.embed.unauthorizedDescription}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
