import { Badge } from '@chakra-ui/react/badge';
import { messages } from '../messages';

/**
 * "Inativa" at a glance, beside the name (no column of its own: the spec's columns stay). An active
 * company carries no badge in the list; the company page names both states (`always`).
 */
export function CompanyStatusBadge({ isActive, always = false }: { isActive: boolean; always?: boolean }) {
  if (isActive && !always) return null;
  return (
    <Badge colorPalette={isActive ? 'green' : 'gray'} variant={isActive ? 'subtle' : 'outline'}>
      {isActive ? messages.activeBadge : messages.inactiveBadge}
    </Badge>
  );
}
