import { getApiConfig, NetworkError } from '@backoffice/api-client';
import { useEffect } from 'react';
import { messages } from '../messages';

/** The API's origin when it is not the page's own (an embed in a partner portal), else `undefined`. */
function otherApiOrigin(): { page: string; api: string } | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const api = new URL(getApiConfig().baseUrl, window.location.href).origin;
    return api === window.location.origin ? undefined : { page: window.location.origin, api };
  } catch {
    return undefined;
  }
}

/**
 * What the list's error panel says under its title. A request that got no readable answer from an API
 * on another origin is most often a page whose origin the server does not allow (CORS), which the
 * browser reports exactly like an unreachable server: say both, and how to allow the origin (issue 28:
 * an embed on an origin missing from CORS_ORIGINS said only "Verifique a conexão").
 */
export function listLoadErrorText(error: unknown): string {
  const origins = error instanceof NetworkError ? otherApiOrigin() : undefined;
  return origins ? messages.crossOriginRefused(origins.page, origins.api) : messages.loadErrorDescription;
}

/** Tells the console the same, once per failure, for the developer wiring an embed. */
export function useLoadErrorReport(error: unknown): void {
  useEffect(() => {
    if (!(error instanceof NetworkError)) return;
    const origins = otherApiOrigin();
    if (!origins) return;
    console.error(
      `[backoffice-companies] no readable answer from ${origins.api}: if the server is up, this page's origin ${origins.page} is not allowed (add it to CORS_ORIGINS, or to a partner key's origins).`,
      error,
    );
  }, [error]);
}
