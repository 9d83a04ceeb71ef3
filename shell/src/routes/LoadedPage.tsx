import type { ComponentType } from 'react';
import { useLoaderData } from 'react-router-dom';

/** What a route's loader answers when the route's component is only known once a chunk has loaded. */
export interface LoadedPageData {
  Page: ComponentType;
}

/**
 * The component of a route whose loader resolved its page (a remote's expose, the signed-in chunk):
 * loaders rather than `route.lazy`, because react-router keeps a rejected `lazy` for good while a loader
 * runs again on revalidation — which is what "Tentar novamente" does.
 */
export function LoadedPage() {
  const { Page } = useLoaderData() as LoadedPageData;
  return <Page />;
}
