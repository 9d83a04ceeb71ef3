import { type Company, formatCnpj } from '@backoffice/contracts';
import type { Column } from '@backoffice/ui/kit';
import { messages } from '../messages';
import { CompanyTypeBadge } from './CompanyTypeBadge';

/**
 * The companies table (spec §2): names, the CNPJ as 00.000.000/0000-00, the type as a badge. Names and
 * CNPJ sort (their `sortKey` is the API's `sort`). Column widths are fixed (Razão Social takes what is
 * left); a long name is cut with … and read whole on hover and by screen readers.
 */
export const companyColumns: Column<Company>[] = [
  {
    key: 'trading_name',
    header: messages.columns.tradingName,
    sortKey: 'trading_name',
    width: '30%',
    text: (company) => company.trading_name,
    cell: (company) => company.trading_name,
  },
  {
    key: 'legal_name',
    header: messages.columns.legalName,
    sortKey: 'legal_name',
    text: (company) => company.legal_name,
    cell: (company) => company.legal_name,
  },
  {
    key: 'tax_id',
    header: messages.columns.taxId,
    sortKey: 'cnpj',
    // Wide enough for 00.000.000/0000-00 and its sort arrow, on one line.
    width: '13rem',
    cell: (company) => formatCnpj(company.tax_id),
    cellProps: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  },
  {
    key: 'type',
    header: messages.columns.type,
    width: '7rem',
    cell: (company) => <CompanyTypeBadge type={company.type} />,
  },
];
