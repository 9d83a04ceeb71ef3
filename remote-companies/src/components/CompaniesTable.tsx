import { COMPANIES_PAGE_SIZE, type Company, formatCnpj } from '@backoffice/contracts';
import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Table } from '@chakra-ui/react/table';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useRef } from 'react';
import { FiEdit2, FiMoreVertical, FiTrash2 } from 'react-icons/fi';
import { messages } from '../messages';
import { CompanyTypeBadge } from './CompanyTypeBadge';

export interface CompaniesTableProps {
  /** `undefined` while the first page loads: skeleton rows. */
  companies: Company[] | undefined;
  /** A newer page is on its way while the previous rows stay (no flicker). */
  busy?: boolean;
  onEdit: (company: Company, trigger: HTMLElement | null) => void;
  onDelete: (company: Company, trigger: HTMLElement | null) => void;
}

const COLUMNS = [
  messages.columns.tradingName,
  messages.columns.legalName,
  messages.columns.taxId,
  messages.columns.type,
  messages.columns.actions,
];

export function CompaniesTable({ companies, busy, onEdit, onDelete }: CompaniesTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-busy={busy || companies === undefined} interactive>
        <caption>
          <VisuallyHidden>{messages.tableCaption}</VisuallyHidden>
        </caption>
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} scope="col">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {companies === undefined
            ? Array.from({ length: COMPANIES_PAGE_SIZE }, (_, row) => (
                <Table.Row key={row} data-testid="company-skeleton-row">
                  {COLUMNS.map((column) => (
                    <Table.Cell key={column}>
                      <Skeleton height="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : companies.map((company) => (
                <Table.Row key={company.id}>
                  <Table.Cell>{company.trading_name}</Table.Cell>
                  <Table.Cell>{company.legal_name}</Table.Cell>
                  <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {formatCnpj(company.tax_id)}
                  </Table.Cell>
                  <Table.Cell>
                    <CompanyTypeBadge type={company.type} />
                  </Table.Cell>
                  <Table.Cell>
                    <CompanyActionsMenu company={company} onEdit={onEdit} onDelete={onDelete} />
                  </Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function CompanyActionsMenu({
  company,
  onEdit,
  onDelete,
}: {
  company: Company;
  onEdit: (company: Company, trigger: HTMLElement | null) => void;
  onDelete: (company: Company, trigger: HTMLElement | null) => void;
}) {
  // The dialogs give the focus back to this button (the menu item that opened them is gone by then).
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    // Per-item onClick rather than Menu onSelect: zag only reports a pointer selection after it saw the
    // pointer modality, which it cannot inside the embed's shadow root; Enter also clicks the item.
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton ref={trigger} variant="ghost" size="sm" aria-label={messages.actionsFor(company.trading_name)}>
          <FiMoreVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" onClick={() => onEdit(company, trigger.current)}>
              <FiEdit2 aria-hidden />
              {messages.edit}
            </Menu.Item>
            <Menu.Item
              value="delete"
              onClick={() => onDelete(company, trigger.current)}
              color="fg.error"
              _highlighted={{ bg: 'bg.error' }}
            >
              <FiTrash2 aria-hidden />
              {messages.delete}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
