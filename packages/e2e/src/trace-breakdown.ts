/**
 * What a CPU profile calls "(program)" — the renderer's own work between the page's scripts — split by kind,
 * from a Chromium trace of the same kind of cold load (bench:web's `--trace`). A CPU profile sees only which
 * JavaScript function is on the stack; the trace's events say whether the main thread was parsing HTML,
 * compiling a script, working out styles, laying out or painting.
 */

/** One event of Chromium's trace (the JSON trace format's fields that matter here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The kinds the breakdown adds up, by trace event name (the first that matches); the rest is "other". */
export const TRACE_KINDS: [RegExp, string][] = [
  [/^ParseHTML$/, 'parse HTML'],
  // V8's own phases: parsing a function's source, compiling it to bytecode or optimised code, finishing a
  // compilation done on another thread, reading a code cache.
  [
    /^(v8\.compile|v8\.produceCache|v8\.produceModuleCache|CacheScript|V8\.(Parse|PreParse|Compile|Deserialize|Maglev|Turbofan|Streaming|FinalizeBackground))/,
    'parse and compile JavaScript',
  ],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.run|v8\.callFunction|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|FireIdleCallback|XHRReadyStateChange|V8\.BytecodeBudgetInterrupt)$/,
    'run JavaScript',
  ],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation|InvalidateLayout)$/, 'style'],
  [/^(Layout|UpdateLayoutTreeAndLayout)$/, 'layout'],
  [
    /^(Paint|PrePaint|Layerize|Commit|UpdateLayer|UpdateLayerTree|PaintImage|Decode Image|CompositeLayers|RasterTask)$/,
    'paint',
  ],
  [/(GC|GCEvent|V8\.GC)/, 'garbage collection'],
  [
    /^(ResourceSendRequest|ResourceReceiveResponse|ResourceReceivedData|ResourceFinish|ResourceChangePriority)$/,
    'network events',
  ],
];
const OTHER = 'other (tasks, scheduling, IPC)';

export interface TraceBreakdown {
  /** Time inside top-level tasks of the page's main thread, in ms. */
  busyMs: number;
  /** Self time by kind (TRACE_KINDS), in ms. */
  kinds: Record<string, number>;
  /** Self time by event name, in ms. */
  events: Record<string, number>;
}

function kindOf(name: string): string {
  return TRACE_KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? OTHER;
}

/** The renderer main thread with the most time in tasks: the page's (other renderers are blank or idle). */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key) && e.ph === 'X' && e.name === 'RunTask') busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Self time of each complete event on the page's main thread: its duration less that of the events nested
 * directly inside it. Begin/end pairs are folded into complete events first.
 */
export function traceBreakdown(events: TraceEvent[]): TraceBreakdown {
  const thread = pageMainThread(events);
  const spans: { name: string; start: number; end: number }[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== thread) continue;
    if (e.ph === 'X') spans.push({ name: e.name, start: e.ts, end: e.ts + (e.dur ?? 0) });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) spans.push({ name: begin.name, start: begin.ts, end: e.ts });
    }
  }
  // Outer spans first: by start, and the longer of two that start together.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const self: Record<string, number> = {};
  const stack: { name: string; end: number; self: number }[] = [];
  const close = () => {
    const span = stack.pop();
    if (span) self[span.name] = (self[span.name] ?? 0) + span.self / 1000;
  };
  let busy = 0;
  for (const span of spans) {
    while ((stack.at(-1)?.end ?? Number.POSITIVE_INFINITY) <= span.start) close();
    const parent = stack.at(-1);
    const length = span.end - span.start;
    if (parent) parent.self -= length;
    else if (span.name === 'RunTask') busy += length;
    stack.push({ name: span.name, end: span.end, self: length });
  }
  while (stack.length) close();
  const kinds: Record<string, number> = {};
  for (const [name, ms] of Object.entries(self)) kinds[kindOf(name)] = (kinds[kindOf(name)] ?? 0) + ms;
  return { busyMs: busy / 1000, kinds, events: self };
}
