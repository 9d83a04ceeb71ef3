import { useEffect, useRef, useState } from 'react';

/**
 * A field whose text is local while typed and committed (to the URL) once typing pauses, or at once
 * by `commit` (Enter, leaving the field). A change of `value` from elsewhere (back/forward, "Limpar
 * filtros") replaces the text and drops a pause in progress; the URL's echo of our own commit does not,
 * so typing is never overwritten. Only typing starts the pause: were it started by every change of the
 * text, one started for a back step could fire just after the next back step had begun and push the
 * older value onto history again. `normalise` turns the text into the committed value (empty: absent).
 */
export function usePausedCommit(
  value: string | undefined,
  onCommit: (value: string | undefined) => void,
  pauseMs: number,
  normalise: (text: string) => string | undefined = (text) => text || undefined,
) {
  const [draft, setDraft] = useState(value ?? '');
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(pause.current);
    committed.current = value;
    setDraft(value ?? '');
  }, [value]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const commit = (text: string) => {
    clearTimeout(pause.current);
    const next = normalise(text);
    if (next === committed.current) return;
    committed.current = next;
    commitRef.current(next);
  };

  const type = (text: string) => {
    setDraft(text);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => commit(text), pauseMs);
  };

  return { draft, type, commit };
}
