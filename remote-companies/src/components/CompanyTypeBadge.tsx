import type { CompanyType } from '@backoffice/contracts';
import { Badge } from '@chakra-ui/react/badge';
import { messages } from '../messages';

const PALETTE: Record<CompanyType, string> = { matriz: 'purple', filial: 'blue' };

/** Tipo as an upper-case badge: matriz purple, filial blue (spec §2). */
export function CompanyTypeBadge({ type }: { type: CompanyType }) {
  return (
    <Badge colorPalette={PALETTE[type]} variant="subtle">
      {messages.typeBadge[type]}
    </Badge>
  );
}
