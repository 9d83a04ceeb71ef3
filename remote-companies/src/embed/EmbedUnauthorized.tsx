import { StatusPanel } from '@backoffice/ui/kit';
import { FiLock } from 'react-icons/fi';
import { messages } from '../messages';

/** Shown instead of the screen when there is no token or the API refused it. */
export function EmbedUnauthorized() {
  return (
    <StatusPanel
      role="alert"
      icon={<FiLock aria-hidden />}
      title={messages.embed.unauthorizedTitle}
      description={messages.embed.unauthorizedDescription}
    />
  );
}
