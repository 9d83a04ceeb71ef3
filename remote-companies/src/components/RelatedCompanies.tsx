import { useRelatedCompanies } from '@backoffice/api-client';
import type { Company } from '@backoffice/contracts';
import { formatCnpj } from '@backoffice/contracts';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { messages } from '../messages';
import { CompanyNameCell } from './CompanyNameCell';

const m = messages.page;

function CompanyList({ companies, empty }: { companies: Company[]; empty: string }) {
  if (companies.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <chakra.ul listStyle="none" display="grid" gap="2">
      {companies.map((company) => (
        <li key={company.id}>
          <CompanyNameCell company={company} />
          <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
            {formatCnpj(company.tax_id)}
          </Text>
        </li>
      ))}
    </chakra.ul>
  );
}

/** For a filial its matriz, for a matriz its filiais: the companies of the same CNPJ root (8 characters). */
export function RelatedCompanies({ company }: { company: Company }) {
  const related = useRelatedCompanies({ id: company.id });
  const root = formatCnpj(company.tax_id).slice(0, 10);
  return (
    <Stack as="section" aria-labelledby="company-related" gap="3">
      <Heading as="h2" size="lg" id="company-related">
        {m.related}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {m.relatedRoot(root)}
      </Text>
      {!related.data ? (
        <Skeleton height="10" />
      ) : (
        <>
          {(company.type === 'filial' || related.data.matrizes.length > 0) && (
            <Stack gap="1">
              <Heading as="h3" size="sm">
                {m.matriz}
              </Heading>
              <CompanyList companies={related.data.matrizes} empty={m.noMatriz} />
            </Stack>
          )}
          <Stack gap="1">
            <Heading as="h3" size="sm">
              {m.filiais(related.data.filiais_count)}
            </Heading>
            <CompanyList companies={related.data.filiais} empty={m.noFiliais} />
            {related.data.filiais.length < related.data.filiais_count && (
              <Text fontSize="sm" color="fg.muted">
                {m.moreFiliais(related.data.filiais.length, related.data.filiais_count)}
              </Text>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
