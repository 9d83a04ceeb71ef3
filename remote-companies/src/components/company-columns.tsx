import { type Company, formatCnpj } from '@backoffice/contracts';
import type { Column } from '@backoffice/ui/kit';
import { messages } from '../messages';
import { CompanyTypeBadge } from './CompanyTypeBadge';

/**
 * The companies table (spec §2): names, the CNPJ as 00.000.000/0000-00, the type as a badge. Names and
 * CNPJ sort (their `sortKey` is the API's `sort`).
 */
export const companyColumns: Column<Company>[] = [
  {
    key: 'trading_name',
    header: messages.columns.tradingName,
    sortKey: 'trading_name',
    cell: (company) => company.trading_name,
  },
  {
    key: 'legal_name',
    header: messages.columns.legalName,
    sortKey: 'legal_name',
    cell: (company) => company.legal_name,
  },
  {
    key: 'tax_id',
    header: messages.columns.taxId,
    sortKey: 'cnpj',
    cell: (company) => formatCnpj(company.tax_id),
    cellProps: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  },
  { key: 'type', header: messages.columns.type, cell: (company) => <CompanyTypeBadge type={company.type} /> },
];
