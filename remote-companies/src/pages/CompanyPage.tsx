import {
  useCompany,
  useCompanyHistory,
  useCurrentUser,
  useRestoreCompany,
  useUpdateCompany,
} from '@backoffice/api-client';
import { type AuditEvent, type Company, formatCnpj } from '@backoffice/contracts';
import { formatDateTime } from '@backoffice/ui';
import {
  auditActorName,
  DetailsItem,
  DetailsList,
  historyMessages,
  LoadError,
  mutateWithToast,
  recordPage,
  UnknownRecord,
} from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useState } from 'react';
import { FiArrowLeft, FiCheckCircle, FiEdit2, FiRotateCcw, FiSlash, FiTrash2 } from 'react-icons/fi';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CompanyFormDialog } from '../components/CompanyFormDialog';
import { CompanyStatusBadge } from '../components/CompanyStatusBadge';
import { CompanyTypeBadge } from '../components/CompanyTypeBadge';
import { DeleteCompanyDialog } from '../components/DeleteCompanyDialog';
import { RelatedCompanies } from '../components/RelatedCompanies';
import { messages } from '../messages';

const m = messages.page;

function BackLink() {
  return (
    <Link asChild variant="underline" fontSize="sm" alignSelf="flex-start">
      <RouterLink to="/companies">
        <FiArrowLeft aria-hidden />
        {m.back}
      </RouterLink>
    </Link>
  );
}

/** `e-mail em 23/11/2026, 14:05` for the newest loaded event that matches, or the bare date. */
function byWhom(events: readonly AuditEvent[], actions: string[], fallbackDate: string): string {
  const event = events.find((candidate) => actions.includes(candidate.action));
  return event
    ? historyMessages.at(auditActorName(event), formatDateTime(event.occurred_at))
    : formatDateTime(fallbackDate);
}

/**
 * `/companies/:id` (issue 27): every field and the status, who created and last changed it and when, the
 * history as a timeline, and the companies of the same CNPJ root. A deleted company shows who deleted it
 * and, to a super user, "Restaurar empresa"; an unknown id says so. A reload keeps the page (deep link).
 */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const company = useCompany({ id });
  const history = useCompanyHistory({ id });
  const { state, events, timeline } = recordPage(company, history, 'company.deleted');

  if (state.kind === 'loading') {
    return (
      <Stack gap="6" p={{ base: '4', md: '8' }}>
        <BackLink />
        <Skeleton height="10" width="60%" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  if (state.kind === 'gone') {
    return (
      <Stack gap="6" p={{ base: '4', md: '8' }}>
        <BackLink />
        {state.deletion ? (
          <DeletedCompany id={id} deletion={state.deletion} />
        ) : (
          <UnknownRecord title={m.notFoundTitle} description={m.notFoundDescription} />
        )}
        {state.deletion && timeline}
      </Stack>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Stack gap="6" p={{ base: '4', md: '8' }}>
        <BackLink />
        <LoadError
          title={m.loadFailed}
          description={messages.loadErrorDescription}
          onRetry={() => void company.refetch()}
          retrying={company.isFetching}
        />
      </Stack>
    );
  }
  return <CompanyDetails company={state.record} events={events} history={timeline} />;
}

function DeletedCompany({ id, deletion }: { id: string; deletion: AuditEvent }) {
  const { data: user } = useCurrentUser();
  const restore = useRestoreCompany();
  const name = String(deletion.changes.trading_name?.old ?? '');
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl" tabIndex={-1}>
        {name}
      </Heading>
      <Stack role="status" gap="2" p="4" borderWidth="1px" rounded="md" bg="bg.muted">
        <Text fontWeight="semibold">{m.deletedTitle}</Text>
        <Text>{m.deletedDescription(auditActorName(deletion), formatDateTime(deletion.occurred_at))}</Text>
        {user?.is_superuser ? (
          <Button
            alignSelf="flex-start"
            loading={restore.isPending}
            onClick={() => void mutateWithToast(() => restore.mutateAsync(id), { success: m.restored })}
          >
            <FiRotateCcw aria-hidden />
            {m.restore}
          </Button>
        ) : (
          <Text color="fg.muted">{m.restoreOnlyAdmins}</Text>
        )}
      </Stack>
    </Stack>
  );
}

function CompanyDetails({
  company,
  events,
  history,
}: {
  company: Company;
  events: readonly AuditEvent[];
  history: ReactNode;
}) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const update = useUpdateCompany();
  const toggleStatus = () =>
    void mutateWithToast(() => update.mutateAsync({ id: company.id, body: { is_active: !company.is_active } }), {
      success: company.is_active ? m.deactivated : m.activated,
    });
  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <BackLink />
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl" tabIndex={-1}>
            {company.trading_name}
          </Heading>
          <CompanyTypeBadge type={company.type} />
          <CompanyStatusBadge isActive={company.is_active} always />
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
            <FiEdit2 aria-hidden />
            {m.edit}
          </Button>
          <Button size="sm" variant="outline" onClick={toggleStatus} loading={update.isPending}>
            {company.is_active ? <FiSlash aria-hidden /> : <FiCheckCircle aria-hidden />}
            {company.is_active ? m.deactivate : m.activate}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
            <FiTrash2 aria-hidden />
            {messages.delete}
          </Button>
        </HStack>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8" alignItems="start">
        <Stack gap="6">
          <Stack as="section" aria-labelledby="company-details" gap="3">
            <Heading as="h2" size="lg" id="company-details">
              {m.details}
            </Heading>
            <DetailsList>
              <DetailsItem label={messages.columns.tradingName}>{company.trading_name}</DetailsItem>
              <DetailsItem label={messages.columns.legalName}>{company.legal_name}</DetailsItem>
              <DetailsItem label={messages.columns.taxId}>{formatCnpj(company.tax_id)}</DetailsItem>
              <DetailsItem label={messages.columns.type}>{messages.typeOption[company.type]}</DetailsItem>
              <DetailsItem label={m.status}>
                {company.is_active ? messages.activeBadge : messages.inactiveBadge}
              </DetailsItem>
              <DetailsItem label={m.createdBy}>
                {byWhom(events, ['company.created', 'company.restored'], company.created_at)}
              </DetailsItem>
              <DetailsItem label={m.updatedBy}>{byWhom(events, ['company.updated'], company.updated_at)}</DetailsItem>
            </DetailsList>
          </Stack>
          <RelatedCompanies company={company} />
        </Stack>
        {history}
      </SimpleGrid>
      <CompanyFormDialog kind="edit" open={dialog === 'edit'} company={company} onClose={() => setDialog(null)} />
      <DeleteCompanyDialog company={dialog === 'delete' ? company : null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
