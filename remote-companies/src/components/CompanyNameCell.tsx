import type { Company } from '@backoffice/contracts';
import { Link } from '@chakra-ui/react/link';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInPerson } from '../hooks/companies-access';
import { CompanyStatusBadge } from './CompanyStatusBadge';

/** `/companies/:id`: a company's page. */
export const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;

/**
 * The trading name, opening the company's page, and the "Inativa" badge when it is inactive. Inline, so
 * the table's one-line cell can cut a long name with … (the badge first, where it stays visible).
 */
export function CompanyNameCell({ company }: { company: Company }) {
  const links = useSignedInPerson();
  return (
    <>
      {!company.is_active && (
        <>
          <CompanyStatusBadge isActive={false} />{' '}
        </>
      )}
      {links ? (
        <Link asChild variant="underline" fontWeight="medium">
          <RouterLink to={companyPath(company.id)}>{company.trading_name}</RouterLink>
        </Link>
      ) : (
        company.trading_name
      )}
    </>
  );
}
