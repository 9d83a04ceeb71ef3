import { type ActiveSummary, useCompaniesSummary, useCurrentUser, useUsersSummary } from '@backoffice/api-client';
import { FIRST_PAINT_SLOTS } from '@backoffice/contracts';
import { formatNumber } from '@backoffice/ui';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Icon } from '@chakra-ui/react/icon';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { FiBriefcase, FiUser, FiUsers } from 'react-icons/fi';
import { messages } from '../messages';

const m = messages.dashboard;

function SummaryCard({ title, icon, children }: { title: string; icon: IconType; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Icon as={icon} boxSize="5" color="brand.solid" aria-hidden />
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function CountFigures({
  query,
  activeLabel,
}: {
  query: { data?: ActiveSummary; isPending: boolean; isError: boolean };
  activeLabel: (count: number) => string;
}) {
  if (query.isPending) return <FiguresLoading />;
  if (query.isError || !query.data) return <Text color="fg.error">{m.loadFailed}</Text>;
  return (
    <Stack gap="1">
      <Text fontSize="3xl" fontWeight="bold" data-testid="total">
        {formatNumber(query.data.count)}
      </Text>
      <Text color="fg.muted" data-testid="active">
        {activeLabel(query.data.active)}
      </Text>
    </Stack>
  );
}

function FiguresLoading() {
  return <Skeleton height="14" role="status" aria-label={messages.loading} />;
}

// Each card's figures read their own query: an answer renders its figures alone, not the whole page
// (every card, the greeting) once per answer.
function CompaniesFigures() {
  return <CountFigures query={useCompaniesSummary()} activeLabel={m.companiesActive} />;
}

/** Rendered for super users only: the user list is requested for nobody else (spec §6). */
function UsersFigures() {
  return <CountFigures query={useUsersSummary()} activeLabel={m.usersActive} />;
}

/** The page around the greeting and the cards. */
function DashboardPage({ greeting, children }: { greeting: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="6" p={{ base: '4', md: '8' }}>
      <Stack gap="1">
        {greeting}
        <Text color="fg.muted">{m.summary}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** The dashboard `/` (spec §2): greeting, and Empresas, Usuários (super users) and Seu Perfil cards. */
export function Dashboard() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const isSuperUser = user.is_superuser;
  return (
    <DashboardPage
      greeting={
        <Heading as="h1" size="2xl">
          {m.greeting(user.full_name || m.defaultName)}
        </Heading>
      }
    >
      <SummaryCard title={m.companiesTitle} icon={FiBriefcase}>
        <CompaniesFigures />
      </SummaryCard>
      {isSuperUser && (
        <SummaryCard title={m.usersTitle} icon={FiUsers}>
          <UsersFigures />
        </SummaryCard>
      )}
      <SummaryCard title={m.profileTitle} icon={FiUser}>
        <Stack gap="1">
          <Text fontWeight="medium" truncate>
            {user.email}
          </Text>
          <Text color="fg.muted">{user.is_superuser ? m.roleAdmin : m.roleUser}</Text>
        </Stack>
      </SummaryCard>
    </DashboardPage>
  );
}

/** The dashboard's prerendered first paint, before anyone is known: the greeting's place, the cards loading. */
export function DashboardFirstPaint() {
  return (
    <DashboardPage
      greeting={
        // The head script shows the heading with the user's name as soon as the early request knows it.
        <Box data-greeting="">
          <Skeleton height="8" maxW="sm" />
          <Heading as="h1" size="2xl" hidden data-default-name={m.defaultName}>
            {m.greeting(FIRST_PAINT_SLOTS.userName)}
          </Heading>
        </Box>
      }
    >
      <SummaryCard title={m.companiesTitle} icon={FiBriefcase}>
        <FiguresLoading />
      </SummaryCard>
      <SummaryCard title={m.profileTitle} icon={FiUser}>
        <Stack gap="1">
          <Skeleton height="6" />
          <Skeleton height="6" maxW="32" />
        </Stack>
      </SummaryCard>
    </DashboardPage>
  );
}
