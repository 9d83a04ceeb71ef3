import { type Company, formatCnpj } from '@backoffice/contracts';
import type { Column } from '@backoffice/ui/kit';
import { messages } from '../messages';
import { CompanyNameCell } from './CompanyNameCell';
import { CompanyTypeBadge } from './CompanyTypeBadge';

/**
 * The companies table (spec §2): names, the CNPJ as 00.000.000/0000-00, the type as a badge. Names and
    width: '30%',
    text: (company) => company.trading_name,
    cell: (company) => <CompanyNameCell company={company} />,
 */
export const companyColumns: Column<Company>[] = [
  {
    key: 'trading_name',
    header: messages.columns.tradingName,
    sortKey: 'trading_name',
    width: '30%',
    text: (company) => company.trading_name,
    cell: (company) => <CompanyNameCell company={company} />,
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
