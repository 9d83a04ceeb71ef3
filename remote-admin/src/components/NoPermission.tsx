import { StatusPanel } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { FiLock } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { messages } from '../messages';

/** What a signed-in user who is not a super user sees on /admin; no user list is requested. */
export function NoPermission() {
  return (
    <StatusPanel
      role="alert"
      icon={<FiLock aria-hidden />}
      title={messages.forbiddenTitle}
      description={messages.forbiddenText}
      action={
        <Button asChild variant="outline">
          <Link to="/">{messages.goHome}</Link>
        </Button>
      }
    />
  );
}
