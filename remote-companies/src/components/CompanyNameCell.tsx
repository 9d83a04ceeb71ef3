import type { Company } from '@backoffice/contracts';
import { Link } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInPerson } from '../hooks/companies-access';
import { CompanyStatusBadge } from './CompanyStatusBadge';

/** `/companies/:id`: a company's page. */
export const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;

/** The trading name, opening the company's page, and the "Inativa" badge when it is inactive. */
export function CompanyNameCell({ company }: { company: Company }) {
  const links = useSignedInPerson();
  return (
    <HStack gap="2" wrap="wrap">
      {links ? (
        <Link asChild variant="underline" fontWeight="medium">
          <RouterLink to={companyPath(company.id)}>{company.trading_name}</RouterLink>
        </Link>
      ) : (
        <span>{company.trading_name}</span>
      )}
      <CompanyStatusBadge isActive={company.is_active} />
    </HStack>
  );
}
