import { Link } from '@chakra-ui/react/link';
import type { ReactNode } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';

/** A Chakra-styled link that navigates inside the router (no page reload). */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild variant="underline" fontWeight="medium">
      <ReactRouterLink to={to}>{children}</ReactRouterLink>
    </Link>
  );
}
