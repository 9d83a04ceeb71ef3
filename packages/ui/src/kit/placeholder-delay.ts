import { LOADING_INDICATOR_DELAY_MS } from '@backoffice/ui';
import { useEffect, useState } from 'react';

/**
 * Whether a list that is `waiting` for its first rows should show placeholder rows yet: not before
 * LOADING_INDICATOR_DELAY_MS, so that an answer that comes sooner (the usual case) shows its rows
 * straight away, and the placeholders are never rendered — on a page of five rows they are fifteen
 * styled elements, a good part of a navigation's first render. Once the wait has been long enough,
 * or rows have come, later waits (another page past the end) show placeholders at once.
 */
export function usePlaceholdersDue(waiting: boolean): boolean {
  const [due, setDue] = useState(!waiting);
  // Rows came: settled during render (React's pattern for state that follows a prop), no extra commit.
  if (!waiting && !due) setDue(true);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true), LOADING_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);
  return due;
}
