import { Button } from '@chakra-ui/react/button';
import { EmptyState } from '@chakra-ui/react/empty-state';
import { FiLock } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { messages } from '../messages';

/** What a signed-in user who is not a super user sees on /admin; no user list is requested. */
export function NoPermission() {
  return (
    <EmptyState.Root role="alert">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FiLock aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title as="h2">{messages.forbiddenTitle}</EmptyState.Title>
        <EmptyState.Description>{messages.forbiddenText}</EmptyState.Description>
        <Button asChild variant="outline">
          <Link to="/">{messages.goHome}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
