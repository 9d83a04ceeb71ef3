import type { CDPSession, Page } from '@playwright/test';

/** One request the page made, as Chromium's DevTools protocol saw it. */
export interface LoggedRequest {
  id: string;
  url: string;
  /** DevTools resource type: Document, Script, Fetch, Stylesheet, Other (prefetch), … */
  type: string;
  /** Milliseconds since the log started (monotonic, from the protocol's clock). */
  startedAt: number;
  /** Wall-clock time the request started (ms since the epoch), comparable with a page's `timeOrigin + now()`. */
  wallTimeMs: number;
  status?: number;
  /** Bytes on the wire: headers and (possibly compressed) body. */
  wireBytes: number;
  /** Bytes of the body once decoded. */
  bodyBytes: number;
  contentEncoding?: string;
  mimeType?: string;
  /** Answered by a cache (memory, disk or prefetch cache) instead of the network. */
  fromCache: boolean;
  failed: boolean;
  /** URL of the request or document whose code or markup started this one. */
  initiatorUrl?: string;
  /** Prefetch and preload hints, as opposed to the loads that use them. */
  isHint: boolean;
}

interface RequestWillBeSent {
  requestId: string;
  request: { url: string };
  type?: string;
  timestamp: number;
  wallTime: number;
  documentURL: string;
  initiator: { type: string; url?: string; stack?: { callFrames: { url: string }[]; parent?: unknown } };
  redirectResponse?: unknown;
}

interface ResponseReceived {
  requestId: string;
  type: string;
  response: {
    status: number;
    mimeType: string;
    headers: Record<string, string>;
    fromDiskCache?: boolean;
    fromPrefetchCache?: boolean;
    fromServiceWorker?: boolean;
  };
}

/** The script or document whose execution asked for a request (the first URL on the call stack). */
function initiatorOf(event: RequestWillBeSent): string | undefined {
  const { initiator } = event;
  if (initiator.url) return initiator.url;
  let stack = initiator.stack as { callFrames: { url: string }[]; parent?: unknown } | undefined;
  while (stack) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
    stack = stack.parent as typeof stack;
  }
  return initiator.type === 'parser' ? event.documentURL : undefined;
}

const headerValue = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Records every request of a page through the DevTools protocol (Chromium only): what came from
 * the network and what from a cache, wire bytes, encodings and who asked for each file, so tests
 * can assert duplicate-fetch and byte budgets and the benchmark can print them.
 */
export class NetworkLog {
  readonly requests: LoggedRequest[] = [];
  private readonly byId = new Map<string, LoggedRequest>();
  private origin = 0;

  private constructor(readonly session: CDPSession) {}

  static async attach(page: Page): Promise<NetworkLog> {
    const session = await page.context().newCDPSession(page);
    const log = new NetworkLog(session);
    session.on('Network.requestWillBeSent', (e: RequestWillBeSent) => log.onRequest(e));
    session.on('Network.responseReceived', (e: ResponseReceived) => log.onResponse(e));
    session.on('Network.requestServedFromCache', (e: { requestId: string }) => {
      const request = log.byId.get(e.requestId);
      if (request) request.fromCache = true;
    });
    session.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const request = log.byId.get(e.requestId);
      if (request && !request.fromCache) request.wireBytes = e.encodedDataLength;
    });
    session.on('Network.dataReceived', (e: { requestId: string; dataLength: number }) => {
      const request = log.byId.get(e.requestId);
      if (request) request.bodyBytes += e.dataLength;
    });
    session.on('Network.loadingFailed', (e: { requestId: string }) => {
      const request = log.byId.get(e.requestId);
      if (request) request.failed = true;
    });
    await session.send('Network.enable');
    return log;
  }

  private onRequest(event: RequestWillBeSent) {
    if (!this.origin) this.origin = event.timestamp;
    // A redirect reuses the id: the earlier hop is a request of its own.
    const previous = this.byId.get(event.requestId);
    if (previous && event.redirectResponse) this.byId.delete(event.requestId);
    const type = event.type ?? 'Other';
    const request: LoggedRequest = {
      id: event.requestId,
      url: event.request.url,
      type,
      startedAt: (event.timestamp - this.origin) * 1000,
      wallTimeMs: event.wallTime * 1000,
      wireBytes: 0,
      bodyBytes: 0,
      fromCache: false,
      failed: false,
      initiatorUrl: initiatorOf(event),
      // Prefetches show up as type "Other"; preloads are initiated by the HTML parser with a link.
      isHint: type === 'Other' && !event.request.url.includes('/api/'),
    };
    this.requests.push(request);
    this.byId.set(event.requestId, request);
  }

  private onResponse(event: ResponseReceived) {
    const request = this.byId.get(event.requestId);
    if (!request) return;
    const { response } = event;
    request.status = response.status;
    request.type = event.type ?? request.type;
    request.contentEncoding = headerValue(response.headers, 'content-encoding');
    request.mimeType = response.mimeType;
    if (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) request.fromCache = true;
  }

  /** A point in the log (e.g. a menu click): pass it as `since` to look only at what came after. */
  mark(): number {
    return this.requests.length;
  }

  /**
   * Requests that reached the network (not answered by a cache), optionally after a mark and
   * started no later than a wall-clock time.
   */
  fromNetwork(since = 0, untilWallMs = Number.POSITIVE_INFINITY): LoggedRequest[] {
    return this.requests
      .slice(since)
      .filter((r) => !r.fromCache && !r.url.startsWith('data:') && r.wallTimeMs <= untilWallMs);
  }

  /** URLs the page fetched from the network more than once (each with its count). */
  duplicates(since = 0, untilWallMs = Number.POSITIVE_INFINITY): { url: string; count: number }[] {
    const counts = new Map<string, number>();
    for (const r of this.fromNetwork(since, untilWallMs)) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
    return [...counts].filter(([, n]) => n > 1).map(([url, count]) => ({ url, count }));
  }

  /**
   * Round trips before a request could start: the document is 1, a file its markup names is 2, a
   * file that code from a depth-2 script asked for is 3, and so on.
   */
  depthOf(request: LoggedRequest): number {
    const seen = new Set<string>();
    let depth = 1;
    let url = request.initiatorUrl;
    while (url && !seen.has(url)) {
      seen.add(url);
      const parent = this.requests.find((r) => r.url === url);
      if (!parent) break;
      depth += 1;
      url = parent.initiatorUrl;
    }
    return depth;
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => {});
  }
}

/** Waits until no request has started for `quietMs` (idle prefetches are done), at most `maxMs`. */
export async function networkQuiet(log: NetworkLog, quietMs = 2000, maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let count = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    if (log.requests.length !== count) {
      count = log.requests.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
