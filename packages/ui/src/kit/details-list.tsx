import { chakra } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';

/** A record's fields on its page (a company, a user): labels in one column, values wrapping in the other. */
export function DetailsList({ children }: { children: ReactNode }) {
  return (
    <chakra.dl display="grid" gridTemplateColumns="auto minmax(0, 1fr)" columnGap="4" rowGap="2">
      {children}
    </chakra.dl>
  );
}

/** One field of a `DetailsList`; a long value (a name, an e-mail) wraps instead of widening the page. */
export function DetailsItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <chakra.dt color="fg.muted">{label}</chakra.dt>
      <chakra.dd minW="0" overflowWrap="anywhere">
        {children}
      </chakra.dd>
    </>
  );
}
