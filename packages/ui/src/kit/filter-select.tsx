import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import type { SystemStyleObject } from '@chakra-ui/react/styled-system';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How long a filter browsed with the arrow keys rests on an option before it applies. */
export const FILTER_KEYS_DEBOUNCE_MS = 600;

export interface FilterSelectProps {
  label: string;
  /** The value in use (from the URL); `''` for the option that filters nothing. */
  value: string;
  /** Applies a choice (to the URL). */
  onCommit: (value: string) => void;
  /** The `<option>`s (and `<optgroup>`s). */
  children: ReactNode;
  /** The field's width (default: 11rem from `md` up, the whole row below). */
  width?: SystemStyleObject['width'];
}

/** Keys that move a closed native select from option to option, changing its value at each press. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A filter's native select. A choice made with the pointer (or a letter, or the open list) applies at
 * once; browsing a closed select with the arrow keys changes its value at every press, so that applies
 * only once the keys rest a moment, on Enter, or when the focus leaves (issue 28: every ArrowDown
 * fetched the list again). A change of the URL from elsewhere replaces the choice shown.
 */
export function FilterSelect({ label, value, onCommit, children, width = { md: '44' } }: FilterSelectProps) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const browsing = useRef(false);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(pause.current);
    committed.current = value;
    setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const commit = (next: string) => {
    clearTimeout(pause.current);
    if (next === committed.current) return;
    committed.current = next;
    commitRef.current(next);
  };

  return (
    <Field.Root width={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={draft}
          onPointerDown={() => {
            browsing.current = false;
          }}
          onKeyDown={(event) => {
            browsing.current = BROWSING_KEYS.has(event.key);
            if (event.key === 'Enter') commit(draft);
          }}
          onChange={(event) => {
            const next = event.target.value;
            setDraft(next);
            if (!browsing.current) return commit(next);
            clearTimeout(pause.current);
            pause.current = setTimeout(() => commit(next), FILTER_KEYS_DEBOUNCE_MS);
          }}
          onBlur={() => commit(draft)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
