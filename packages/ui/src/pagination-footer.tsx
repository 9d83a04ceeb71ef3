import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { uiMessages } from './messages.js';

export interface PaginationFooterProps {
  /** The page label, e.g. `Página 2` on companies or `Page 2` on admin. */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** `Anterior` / page label / `Próximo` (spec §2). */
export function PaginationFooter({ label, hasPrevious, hasNext, onPrevious, onNext }: PaginationFooterProps) {
  return (
    <HStack as="nav" aria-label={uiMessages.pagination} gap="4" justify="flex-end" mt="4">
      <Button size="sm" variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
        {uiMessages.previousPage}
      </Button>
      <Text aria-current="page">{label}</Text>
      <Button size="sm" variant="outline" onClick={onNext} disabled={!hasNext}>
        {uiMessages.nextPage}
      </Button>
    </HStack>
  );
}
