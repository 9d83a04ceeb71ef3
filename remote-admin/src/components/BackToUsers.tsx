import { Link } from '@chakra-ui/react/link';
import { FiArrowLeft } from 'react-icons/fi';
import { Link as RouterLink } from 'react-router-dom';
import { messages } from '../messages';
import { ADMIN_PATH } from '../paths';

/** Back to the users list, above a user's page. */
export function BackToUsers() {
  return (
    <Link asChild variant="underline" fontSize="sm" alignSelf="flex-start">
      <RouterLink to={ADMIN_PATH}>
        <FiArrowLeft aria-hidden />
        {messages.userHistory.back}
      </RouterLink>
    </Link>
  );
}
