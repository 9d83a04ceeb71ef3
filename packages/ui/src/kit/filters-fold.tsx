import { uiMessages } from '@backoffice/ui';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { type ReactNode, useId, useState } from 'react';
import { FiFilter } from 'react-icons/fi';

/**
 * A list's filters on a phone, folded behind one `Filtros` button that counts the ones in use, so the
 * list starts near the top of the screen; the button says whether they are open (`aria-expanded`).
 */
export function FiltersFold({ inUse, children }: { inUse: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        variant="outline"
        alignSelf="flex-start"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <FiFilter aria-hidden />
        {uiMessages.filters}
        {inUse > 0 && (
          <Badge colorPalette="brand" variant="solid" size="sm" aria-label={uiMessages.filtersInUse(inUse)}>
            {inUse}
          </Badge>
        )}
      </Button>
      <Stack id={id} gap="3" hidden={!open}>
        {children}
      </Stack>
    </>
  );
}
