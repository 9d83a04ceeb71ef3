import type { ListAnswer } from '@backoffice/api-client';
import { type CountNoun, formatCount } from '@backoffice/ui';
import { Text } from '@chakra-ui/react/text';

export interface ListTotalProps {
  /** The list's answer (`count`, and `count_is_exact` false when it is only a lower bound). */
  query: { data?: ListAnswer | undefined; isPlaceholderData?: boolean };
  /** What is counted, singular and plural: `{ one: 'empresa', other: 'empresas' }`. */
  noun: CountNoun;
}

/**
 * A list's total under its title: `1 empresa`, `1.234 empresas`, or `mais de 10.000 empresas` when
 * the API counted only up to a cap, so the screen never states an exact number it does not know.
 * Nothing while the first answer loads, and nothing for an empty list (the empty state says it).
 * Announced politely, so a search that changes the total is heard.
 */
export function ListTotal({ query, noun }: ListTotalProps) {
  const answer = query.data;
  const text = answer && answer.count > 0 ? formatCount(answer.count, noun, answer.count_is_exact !== false) : '';
  return (
    <Text
      color="fg.muted"
      aria-live="polite"
      data-testid="list-total"
      // The previous total stays, faded, while the answer to a new filter is on its way.
      opacity={query.isPlaceholderData ? 0.6 : undefined}
      minH="1lh"
    >
      {text}
    </Text>
  );
}
