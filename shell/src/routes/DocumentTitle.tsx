import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { messages } from '../messages';
import type { ScreenHandle } from './screen-handle';

/** The document title of the deepest route that has one ("Empresas · Back Office"), as screens declare them. */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches.findLast((match) => (match.handle as ScreenHandle | undefined)?.title)?.handle as
    | ScreenHandle
    | undefined;
  const text = title?.title ? `${title.title} · ${messages.appName}` : messages.appName;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
