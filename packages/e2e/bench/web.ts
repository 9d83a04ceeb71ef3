/**
 * `npm run bench:web`: what the first screens and the menu navigations cost a user, measured on
 * the production build in headless Chromium with a cold cache and the CPU slowed down 4× (a modest
 * office laptop). Prints one table per question; numbers, never a verdict.
 *
 *   --runs N        loads per screen and build (default 7; the median is printed)
 *   --cpu N         CPU slowdown factor (default 4)
 *   --latency MS    round-trip time added to every request (default 0: the server is on this machine);
 *                   e.g. `--cpu 1 --latency 100` for a fast laptop far from the server
 *   --early-data    also load the federated build with its early-data head script refused (labelled "no early
 *                   data"; the app then asks for the user and the first screen's data itself): what asking
 *                   before the code saves, side by side in the same run
 *   --http2         every build behind an HTTP/2 TLS proxy (src/http2-proxy.ts), as a deployment serves it:
 *                   one connection, the requests multiplexed; without it, HTTP/1.1 straight from the server
 *   --companies N   demo companies loaded before start (default 1000)
 *   --no-reference  skip the single-bundle reference build
 *   --json FILE     also write every measurement as JSON
 *   --compare DIR   also measure another checkout's build (e.g. a `git worktree` of an older
 *                   commit, installed and built), labelled "before", to show a change side by side
 *   --renders       also count what React renders on each cold load and menu navigation, once per
 *                   build: commits, components and styled elements (deterministic, unlike times)
 *   --profile DIR   also take CPU profiles of each cold load until it is interactive (--profile-runs N
 *                   per page and build, default 3), write them to DIR (open them in DevTools) and print
 *                   where the main thread's time went; builds made with BUILD_SOURCE_MAPS=1 name the
 *                   packages, files and functions
 *
 * The reference is the same shell and pages built as one application without Module Federation
 * (bench/single-bundle), served by the same server: the difference is what federation costs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { Api } from '../src/api.js';
import { BUDGETS } from '../src/budgets.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/chromium.js';
import { breakDown, type CpuProfile, GROUPS, type ProfileBreakdown } from '../src/cpu-profile.js';
import { http2ChromiumArgs, startHttp2Front } from '../src/http2-proxy.js';
import { type LoadFigures, loadFigures } from '../src/load-figures.js';
import { type Milestones, milestones, probeMilestonesOnLoad } from '../src/load-milestones.js';
import { NetworkLog, networkQuiet } from '../src/network-log.js';
import { REPO_ROOT, seedDemoCompanies, startProduct } from '../src/product.js';
import { type CommitFigures, commitsSince, countRendersOnLoad } from '../src/render-count.js';
import {
  MENU_NAVIGATIONS,
  probeContentNow,
  probeContentOnLoad,
  probeReadyNow,
  probeReadyOnLoad,
  readyTime,
  SCREENS,
  type Screen,
  screen,
} from '../src/screens.js';
import { TRACE_KINDS, type TraceBreakdown, type TraceEvent, traceBreakdown } from '../src/trace-breakdown.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = option('runs', 7);
const CPU = option('cpu', 4);
const LATENCY = option('latency', 0);
const HTTP2 = args.includes('--http2');
const EARLY_DATA_PAIR = args.includes('--early-data');
// The bench's own fetches of the files a page loaded (their sizes, source maps) go through the proxy too, whose
// certificate was made for this run: accepted in this process (the browser trusts it by its key, http2ChromiumArgs).
if (HTTP2) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const COMPANIES = option('companies', 1000);
const WITH_REFERENCE = !args.includes('--no-reference');
const JSON_OUT = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const WITH_RENDERS = args.includes('--renders');
const PROFILE_DIR = args.includes('--profile')
  ? path.resolve(args[args.indexOf('--profile') + 1] as string)
  : undefined;
const PROFILE_RUNS = option('profile-runs', 3);
/** `--trace DIR`: the same loads as `--profile` (and as many), under Chromium's tracing instead of its profiler. */
const TRACE_DIR = args.includes('--trace') ? path.resolve(args[args.indexOf('--trace') + 1] as string) : undefined;
/** `--screens /,/companies`: only these cold loads, and only the menu navigations to them. */
const ONLY = args.includes('--screens') ? (args[args.indexOf('--screens') + 1] ?? '').split(',') : undefined;
const BENCH_SCREENS = ONLY ? SCREENS.filter((s) => ONLY.includes(s.path)) : SCREENS;
const BENCH_NAVIGATIONS = ONLY ? MENU_NAVIGATIONS.filter((nav) => ONLY.includes(nav.to.path)) : MENU_NAVIGATIONS;
const COMPARE_ROOT = args.includes('--compare')
  ? path.resolve(args[args.indexOf('--compare') + 1] as string)
  : undefined;

const pnpm = [
  'npx',
  '-y',
  `pnpm@${JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).packageManager.replace('pnpm@', '')}`,
];
const APPS = ['shell', 'remote-auth', 'remote-companies', 'remote-admin', 'remote-settings'];
const REFERENCE_ROOT = path.join(REPO_ROOT, 'packages/e2e/bench/single-bundle');

function run(command: string[], cwd = REPO_ROOT) {
  console.error(`> ${command.join(' ')}`);
  const result = spawnSync(command[0] as string, command.slice(1), { cwd, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`${command.join(' ')} exited with ${result.status}`);
}

/**
 * Builds the product when a build is missing (a fresh clone), the server's tools that seed the demo
 * companies (apart from `start`'s build), in this checkout and the compared one, and the reference.
 */
function ensureBuilds() {
  const missing = APPS.filter((app) => !fs.existsSync(path.join(REPO_ROOT, app, 'dist')));
  if (missing.length > 0 || !fs.existsSync(path.join(REPO_ROOT, 'packages/server/dist/cli.js'))) {
    run([...pnpm, 'run', 'build']);
  }
  for (const root of COMPARE_ROOT ? [REPO_ROOT, COMPARE_ROOT] : [REPO_ROOT]) {
    const server = path.join(root, 'packages/server');
    const { scripts } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
    if (scripts['build:tools'] && !fs.existsSync(path.join(server, 'dist-tools/cli/tools.js'))) {
      run([...pnpm, '--filter', '@backoffice/server', 'run', 'build:tools'], root);
    }
  }
  if (WITH_REFERENCE) run([...pnpm, 'exec', 'rsbuild', 'build'], REFERENCE_ROOT);
}

interface Build {
  label: string;
  /** Where the browser loads the build: the server, or with --http2 the proxy in front of it. */
  url: string;
  /** The server itself (HTTP/1.1), for the bench's own API calls. */
  serverUrl: string;
  /** File names (the last part of the path) the browser is refused: a build's script left out. */
  refused?: string[];
  stop(): Promise<void>;
}

/** The federated build without its early-data head script (`--early-data`), on the same server. */
function withoutEarlyData(federated: Build): Build {
  const firstScreen = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell/dist/first-screen.json'), 'utf8'));
  const files = (firstScreen['early-data'].js as string[]).map((file) => path.basename(file));
  return { ...federated, label: 'no early data', refused: files, stop: async () => {} };
}

async function startBuild(label: string, webRoot: string, root = REPO_ROOT): Promise<Build> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-web-'));
  seedDemoCompanies(dataDir, COMPANIES, root);
  const product = await startProduct({ WEB_ROOT: webRoot }, { dataDir, root });
  if (!HTTP2) return { label, url: product.url, serverUrl: product.url, stop: () => product.stop() };
  const front = await startHttp2Front(product.url);
  return {
    label,
    url: front.url,
    serverUrl: product.url,
    stop: async () => {
      await front.close();
      await product.stop();
    },
  };
}

/* ---------- measuring ---------- */

/**
 * What a returning staff member's browser holds (cold HTTP cache, stored session): the local storage the build
 * itself wrote on an earlier visit — the token, and what the API client keeps beside it (api-client token.ts:
 * the greeting's name, whether the user is a super user), whatever each build keeps.
 */
type StoredSession = Record<string, string>;

async function storedSession(browser: Browser, build: Build): Promise<StoredSession> {
  const token = await new Api(build.serverUrl).superuserToken();
  const context = await browser.newContext({ baseURL: build.url });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
    // The earlier visit: the dashboard, until the app has the user (the greeting shows a name).
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /^Bem-vindo\(a\), / }).waitFor();
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    if (protocol !== (HTTP2 ? 'h2' : 'http/1.1')) throw new Error(`${build.label} was served over ${protocol}`);
    return await page.evaluate(() => ({ ...localStorage }));
  } finally {
    await context.close();
  }
}

async function newPage(
  browser: Browser,
  session: StoredSession | undefined,
  build: Build,
): Promise<{ page: Page; log: NetworkLog }> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  if (session) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, session);
  }
  const log = await NetworkLog.attach(page);
  // Blocked by the browser's network layer: Playwright's page.route would turn the HTTP cache off.
  if (build.refused) {
    await log.session.send('Network.setBlockedURLs', { urls: build.refused.map((file) => `*/${file}`) });
  }
  await log.session.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  if (LATENCY > 0) {
    await log.session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return { page, log };
}

async function coldLoad(browser: Browser, build: Build, screen: Screen, session: StoredSession | undefined) {
  const { page, log } = await newPage(browser, screen.as === 'anonymous' ? undefined : session, build);
  try {
    await probeReadyOnLoad(page, screen);
    if (screen.content) await probeContentOnLoad(page, screen, '__screenContent');
    await probeMilestonesOnLoad(page, screen);
    await log.session.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${build.url}${screen.path}`);
    const ready = await readyTime(page);
    const contentMs = screen.content ? (await readyTime(page, '__screenContent')).ms : undefined;
    const loaded = await loadFigures(log, ready.ms, 0, ready.wallMs);
    const moments = await milestones(page, { polling: 20 });
    const work = await mainThreadWork(log);
    // Files fetched twice are counted over the whole visit, idle prefetches included.
    await networkQuiet(log);
    // When the API was first asked: for the current user, and for anything else (the first screen's data).
    const api = log.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/v1/'));
    const askedAt = (test: (pathname: string) => boolean) => api.find((r) => test(new URL(r.url).pathname))?.startedAt;
    return {
      ...loaded,
      ...moments,
      ...work,
      contentMs,
      userAskedMs: askedAt((pathname) => pathname === '/api/v1/users/me'),
      dataAskedMs: askedAt((pathname) => pathname !== '/api/v1/users/me'),
      ...fetchedAgain(log),
    };
  } finally {
    await log.detach();
    await page.context().close();
  }
}

/**
 * The CPU time the page's main thread has spent so far (`Performance.getMetrics` in thread time), and
 * the part of it that ran JavaScript. Read when the screen is interactive. A machine shared with other
 * work barely moves it, unlike a time on the wall clock; the CPU slowdown does (its throttling counts as
 * the thread's time), so compare it at `--cpu 1`.
 */
async function mainThreadWork(log: NetworkLog) {
  const { metrics } = (await log.session.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { mainThreadCpuMs: metric('ThreadTime'), scriptCpuMs: metric('ScriptDuration') };
}

/** The requests for a file already fetched (`duplicates`), and which files they were. */
function fetchedAgain(log: NetworkLog) {
  const twice = log.duplicates();
  return {
    duplicates: twice.reduce((sum, d) => sum + d.count - 1, 0),
    fetchedTwice: twice.map((d) => new URL(d.url).pathname),
  };
}

/** How a cold load is recorded (`--profile`, `--trace`): started before the navigation, stopped once interactive. */
interface Recorder<T> {
  start(page: Page, log: NetworkLog): Promise<void>;
  /** The recording, as its file holds it, and what the bench reads from it. */
  stop(log: NetworkLog): Promise<{ data: string | Buffer; breakdown: T }>;
}

/** Chromium's CPU profiler, sampling every 0.2 ms. */
const CPU_PROFILER: Recorder<ProfileBreakdown> = {
  async start(_page, log) {
    await log.session.send('Profiler.enable');
    await log.session.send('Profiler.setSamplingInterval', { interval: 200 });
    await log.session.send('Profiler.start');
  },
  async stop(log) {
    const { profile } = (await log.session.send('Profiler.stop')) as { profile: CpuProfile };
    return { data: JSON.stringify(profile), breakdown: await breakDown(profile) };
  },
};

/** The categories DevTools' Performance panel records: tasks, scripts, compilation, style, layout, paint. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'v8',
  'loading',
];

/** Chromium's tracing of the page (one at a time per browser). */
const tracing = (browser: Browser): Recorder<TraceBreakdown> => ({
  start: (page) => browser.startTracing(page, { categories: TRACE_CATEGORIES }),
  async stop() {
    const trace = await browser.stopTracing();
    const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
    return { data: trace, breakdown: traceBreakdown(traceEvents) };
  },
});

/** A recorded cold load, from before the navigation until the screen is interactive, written to `file`. */
async function recordedLoad<T>(
  browser: Browser,
  build: Build,
  screen: Screen,
  session: StoredSession | undefined,
  file: string,
  recorder: Recorder<T>,
): Promise<T> {
  const { page, log } = await newPage(browser, screen.as === 'anonymous' ? undefined : session, build);
  try {
    await probeMilestonesOnLoad(page, screen);
    await recorder.start(page, log);
    await page.goto(`${build.url}${screen.path}`);
    await milestones(page, { polling: 20 });
    const { data, breakdown } = await recorder.stop(log);
    fs.writeFileSync(file, data);
    return breakdown;
  } finally {
    await log.detach();
    await page.context().close();
  }
}

const ms = (value: number | undefined) => Math.round(value ?? 0);

/**
 * One page's table of a breakdown (profile groups, trace kinds): a column per build, the total time first, then
 * a row per name — the known names in their order, then any other — left out where every build has none.
 */
function breakdownTable<T extends { busyMs: number }>(
  key: string,
  builds: { build: string; runs: T[] }[],
  header: [name: string, total: string],
  known: string[],
  recordOf: (run: T) => Record<string, number>,
): string[] {
  const records = builds.map((b) => medianRecord(b.runs.map(recordOf)));
  const lines = [`\n#### ${key}\n`, `| ${header[0]} | ${builds.map((b) => b.build).join(' | ')} |`];
  lines.push(`| --- |${builds.map(() => ' ---: |').join('')}`);
  lines.push(`| **${header[1]}** | ${builds.map((b) => ms(median(b.runs.map((r) => r.busyMs)))).join(' | ')} |`);
  for (const name of new Set([...known, ...records.flatMap((r) => Object.keys(r))])) {
    if (records.some((r) => r[name])) lines.push(`| ${name} | ${records.map((r) => ms(r[name])).join(' | ')} |`);
  }
  return lines;
}

function traceTables(rows: { key: string; build: string; runs: TraceBreakdown[] }[]) {
  const lines = [
    `\n### The main thread's tasks until interactive, by kind (traces, ${PROFILE_RUNS} per page and build, median ms)\n`,
    "Self time of the trace events on the page's main thread (with the CPU slowed down as in every load).",
  ];
  for (const key of [...new Set(rows.map((r) => r.key))]) {
    const builds = rows.filter((r) => r.key === key);
    const kinds = TRACE_KINDS.map(([, name]) => name);
    lines.push(...breakdownTable(key, builds, ['kind', 'in tasks'], kinds, (r) => r.kinds));
    for (const build of builds) {
      const events = Object.entries(medianRecord(build.runs.map((r) => r.events)))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([name, v]) => `${ms(v)} ${name}`)
        .join('; ');
      lines.push(`\n${key}, ${build.build}, events by self time: ${events}`);
    }
  }
  return lines.join('\n');
}

/**
 * PROFILE_RUNS rounds of a recorded cold load (`--profile`, `--trace`) of each screen in each build, alternated;
 * each recording written to DIR as `<build>-<screen>-<round>.<extension>`. The breakdowns by screen and build.
 */
async function recordedLoads<T>(
  builds: Build[],
  dir: string,
  extension: string,
  load: (build: Build, screen: Screen, file: string) => Promise<T>,
): Promise<{ key: string; build: string; runs: T[] }[]> {
  fs.mkdirSync(dir, { recursive: true });
  const rows: { key: string; build: string; runs: T[] }[] = [];
  for (let i = 0; i < PROFILE_RUNS; i++) {
    for (const s of BENCH_SCREENS) {
      for (const build of builds) {
        let row = rows.find((r) => r.key === s.path && r.build === build.label);
        if (!row) {
          row = { key: s.path, build: build.label, runs: [] };
          rows.push(row);
        }
        const file = path.join(dir, `${build.label.replace(/ /g, '-')}-${s.name}-${i + 1}.${extension}`);
        row.runs.push(await load(build, s, file));
      }
    }
    console.error(`${extension} round ${i + 1}/${PROFILE_RUNS} done`);
  }
  return rows;
}

/** Medians over runs of each key of a breakdown's record. */
function medianRecord(records: Record<string, number>[]) {
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  return Object.fromEntries([...keys].map((k) => [k, median(records.map((r) => r[k] ?? 0))]));
}

function profileTables(rows: { key: string; build: string; runs: ProfileBreakdown[] }[]) {
  const lines = [
    `\n### Where the main thread goes until interactive (CPU profiles, ${PROFILE_RUNS} per page and build, median ms)\n`,
    'Self time by group: the function on top of the stack when sampled ("browser" is Chromium\'s own work).',
  ];
  for (const key of [...new Set(rows.map((r) => r.key))]) {
    const builds = rows.filter((r) => r.key === key);
    const groups = GROUPS.map(([, name]) => name);
    lines.push(...breakdownTable(key, builds, ['group', 'busy (not idle)'], groups, (r) => r.groups));
    for (const build of builds.filter((b) => b.build !== 'single bundle')) {
      const top = (record: Record<string, number>, n: number) =>
        Object.entries(record)
          .filter(([k]) => !/^\((program|garbage collector|idle|root)\)/.test(k))
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `${ms(v)} ${k}`)
          .join('; ');
      lines.push(
        `\n${key}, ${build.build}, inclusive — files: ${top(medianRecord(build.runs.map((r) => r.files)), 12)}`,
        `\n${key}, ${build.build}, inclusive — functions: ${top(medianRecord(build.runs.map((r) => r.functions)), 15)}`,
      );
    }
  }
  return lines.join('\n');
}

/** Clicks the side menu's entry `label` from inside the page; answers the page's time of the click. */
function clickMenuEntry(page: Page, label: string): Promise<number> {
  return page.evaluate((entry) => {
    const anchor = document.querySelector<HTMLAnchorElement>(`nav a[aria-label="${entry}"]`);
    if (!anchor) throw new Error(`no menu link ${entry}`);
    const t = performance.now();
    anchor.click();
    return t;
  }, label);
}

async function menuNavigation(browser: Browser, build: Build, link: string, to: Screen, session: StoredSession) {
  const { page, log } = await newPage(browser, session, build);
  try {
    await probeReadyOnLoad(page, screen('dashboard'), '__dashboardReady');
    await page.goto(`${build.url}/`);
    const dashboardReady = await readyTime(page, '__dashboardReady');
    await networkQuiet(log);
    const idle = await loadFigures(log, 0, 0, Number.POSITIVE_INFINITY);
    const beforeReady = await loadFigures(log, 0, 0, dashboardReady.wallMs);
    const mark = log.mark();
    await probeReadyNow(page, to, '__navReady');
    await probeContentNow(page, to, '__navContent');
    const clickedAt = await clickMenuEntry(page, link);
    const ready = await readyTime(page, '__navReady');
    const nav = await loadFigures(log, ready.ms - clickedAt, mark, ready.wallMs);
    const content = await readyTime(page, '__navContent');
    await networkQuiet(log);
    return {
      ...nav,
      contentMs: content.ms - clickedAt,
      idlePrefetchJsGzipBytes: idle.jsGzipBytes - beforeReady.jsGzipBytes,
      ...fetchedAgain(log),
    };
  } finally {
    await log.detach();
    await page.context().close();
  }
}

/** React's commits on a cold load (split at the moment the screen is ready) or after a menu click. */
async function renderCounts(browser: Browser, build: Build, session: StoredSession, to: Screen, link?: string) {
  const start = link ? screen('dashboard') : to;
  const { page, log } = await newPage(browser, start.as === 'anonymous' ? undefined : session, build);
  try {
    await countRendersOnLoad(page);
    await probeReadyOnLoad(page, start, '__startReady');
    await page.goto(`${build.url}${start.path}`);
    let ready = await readyTime(page, '__startReady');
    let since = 0;
    if (link) {
      await networkQuiet(log);
      await probeReadyNow(page, to, '__navReady');
      since = await clickMenuEntry(page, link);
      ready = await readyTime(page, '__navReady');
    }
    await networkQuiet(log);
    const commits = await commitsSince(page, since);
    return {
      untilReady: commits.filter((c) => c.at <= ready.ms),
      afterReady: commits.filter((c) => c.at > ready.ms),
    };
  } finally {
    await log.detach();
    await page.context().close();
  }
}

function rendersTable(
  rows: { key: string; build: string; untilReady: CommitFigures[]; afterReady: CommitFigures[] }[],
) {
  const sum = (commits: CommitFigures[]) =>
    `${commits.length} | ${commits.reduce((n, c) => n + c.components, 0)} | ${commits.reduce((n, c) => n + c.styled, 0)}`;
  return [
    '\n### What React renders (one run per build; counts, not times)\n',
    "Until the heading shows, then until the network is quiet (data answers, the frame's deferred menu):",
    'commits, components rendered, styled elements rendered (Chakra works out their styles as it renders).\n',
    '| page | build | commits until ready | components | styled | commits after | components | styled |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.key} | ${r.build} | ${sum(r.untilReady)} | ${sum(r.afterReady)} |`),
  ].join('\n');
}

/* ---------- report ---------- */

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Row = {
  key: string;
  build: string;
  runs: (LoadFigures &
    Partial<Milestones> & {
      idlePrefetchJsGzipBytes?: number;
      contentMs?: number;
      userAskedMs?: number;
      dataAskedMs?: number;
      mainThreadCpuMs?: number;
      scriptCpuMs?: number;
      /** The paths of the files fetched more than once. */
      fetchedTwice?: string[];
    })[];
};

/** Median and range of one time over a row's runs: "median (min–max)". */
function spread(row: Row, pick: (f: Row['runs'][number]) => number | undefined) {
  const values = row.runs.map(pick).filter((v): v is number => v !== undefined);
  if (values.length === 0) return '—';
  return `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
}

function table(title: string, rows: Row[], kind: 'load' | 'navigation') {
  const load = kind === 'load';
  const lines = [
    `\n### ${title}\n`,
    `| ${load ? 'page' : 'menu → page'} | build | JS gzip KB | JS files | wire KB | duplicate fetches | max depth | JS depth | ready ms (median, min–max) |${load ? ' first paint ms | interactive ms | main-thread CPU ms | of it JavaScript |' : ' whole page ms (median) | idle prefetch JS gzip KB |'}`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${load ? ' ---: | ---: |' : ''}`,
  ];
  for (const row of rows) {
    const m = (pick: (f: LoadFigures) => number) => median(row.runs.map(pick));
    lines.push(
      `| ${row.key} | ${row.build} | ${kb(m((f) => f.jsGzipBytes))} | ${m((f) => f.jsFiles)} | ${kb(m((f) => f.wireBytes))} | ${Math.max(...row.runs.map((r) => r.duplicates))} | ${m((f) => f.depth)} | ${m((f) => f.scriptDepth)} | ${spread(row, (f) => f.readyMs)} |${
        load
          ? ` ${spread(row, (f) => f.firstPaintMs)} | ${spread(row, (f) => f.interactiveMs)} | ${spread(row, (f) => f.mainThreadCpuMs)} | ${spread(row, (f) => f.scriptCpuMs)} |`
          : ` ${Math.round(median(row.runs.map((r) => r.contentMs ?? Number.NaN)))} | ${kb(median(row.runs.map((r) => r.idlePrefetchJsGzipBytes ?? 0)))} |`
      }`,
    );
  }
  return lines.join('\n');
}

/**
 * When a cold load first asks the API for the current user and for its data (ms after the page was asked
 * for), and when that data is on screen (the screen's `content`: a list's first row, the dashboard's figures).
 */
function dataTable(rows: Row[]) {
  const lines = [
    "\n### Cold loads: the first screen's data, asked and shown (ms after the page was asked for; median, min–max)\n",
    '| page | build | `/users/me` asked | data asked | data shown |',
    '| --- | --- | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.key} | ${row.build} | ${spread(row, (f) => f.userAskedMs)} | ${spread(row, (f) => f.dataAskedMs)} | ${spread(row, (f) => f.contentMs)} |`,
    );
  }
  return lines.join('\n');
}

/** The issue's goals for a cold load, against the single bundle's ready time at the same run. */
const GOALS = { firstPaint: 0.5, interactive: 1.0 };

/**
 * Each build's first paint and interactive moments ÷ the single bundle's ready time (medians), and
 * whether the goals are met; the single bundle's own row shows what a plain single-page app's paint
 * and liveness add to its ready time.
 */
function milestoneRatios(loads: Row[]) {
  const lines = [
    `\n### Cold loads: first paint and interactive ÷ the single bundle's ready (medians; goals ≤ ${GOALS.firstPaint} and ≤ ${GOALS.interactive.toFixed(1)})\n`,
    '| page | build | first paint ÷ | met | interactive ÷ | met |',
    '| --- | --- | ---: | :---: | ---: | :---: |',
  ];
  for (const reference of loads.filter((r) => r.build === 'single bundle')) {
    const base = median(reference.runs.map((r) => r.readyMs));
    for (const row of loads.filter((r) => r.key === reference.key)) {
      const ratio = (pick: (f: Row['runs'][number]) => number | undefined) =>
        median(row.runs.map(pick).filter((v): v is number => v !== undefined)) / base;
      const paint = ratio((f) => f.firstPaintMs);
      const live = ratio((f) => f.interactiveMs);
      const met = (value: number, goal: number) => (row === reference ? '—' : value <= goal ? 'yes' : 'no');
      lines.push(
        `| ${row.key} | ${row.build} | ${paint.toFixed(2)} | ${met(paint, GOALS.firstPaint)} | ${live.toFixed(2)} | ${met(live, GOALS.interactive)} |`,
      );
    }
  }
  return lines.join('\n');
}

function budgets(loads: Row[], navs: Row[]) {
  const fed = (rows: Row[], key: string) => rows.find((r) => r.key === key && r.build === 'federated');
  const med = (row: Row | undefined, pick: (f: LoadFigures) => number) =>
    row ? median(row.runs.map(pick)) : Number.NaN;
  const lines = [
    '\n### Budgets (federated build, medians)\n',
    '| budget | target | measured | met |',
    '| --- | ---: | ---: | :---: |',
  ];
  // A page left out by `--screens` has no figure: no line.
  const add = (name: string, target: number, measured: number, unit = '') =>
    Number.isNaN(measured) ||
    lines.push(
      `| ${name} | ≤ ${target}${unit} | ${Number.isInteger(measured) ? measured : measured.toFixed(1)}${unit} | ${measured <= target ? 'yes' : 'no'} |`,
    );
  const login = fed(loads, '/login');
  add('/login JavaScript (gzip)', BUDGETS.login.jsGzipKB.target, med(login, (f) => f.jsGzipBytes) / 1024, ' KB');
  add(
    '/login JavaScript files',
    BUDGETS.login.jsFiles.target,
    med(login, (f) => f.jsFiles),
  );
  add(
    '/login request chain (round trips)',
    BUDGETS.login.depth.target,
    med(login, (f) => f.depth),
  );
  add(
    'dashboard JavaScript (gzip)',
    BUDGETS.dashboard.jsGzipKB.target,
    med(fed(loads, '/'), (f) => f.jsGzipBytes) / 1024,
    ' KB',
  );
  add(
    'first screens: deepest JavaScript file (round trips)',
    BUDGETS.firstScreenScriptDepth,
    Math.max(...BENCH_SCREENS.map((s) => med(fed(loads, s.path), (f) => f.scriptDepth))),
  );
  for (const nav of BENCH_NAVIGATIONS) {
    const row = fed(navs, `/ → ${nav.to.path}`);
    add(
      `/ → ${nav.to.path} JavaScript after the click`,
      BUDGETS.navigation.jsGzipKB.target,
      med(row, (f) => f.jsGzipBytes) / 1024,
      ' KB',
    );
    add(
      `/ → ${nav.to.path} until the heading shows`,
      250,
      med(row, (f) => f.readyMs),
      ' ms',
    );
  }
  const duplicates = [...loads, ...navs]
    .filter((r) => r.build === 'federated')
    .reduce((n, r) => n + Math.max(...r.runs.map((f) => f.duplicates)), 0);
  add('files fetched twice (all pages and navigations)', 0, duplicates);
  // Which files, for every build (the budget counts the federated build's).
  for (const build of new Set([...loads, ...navs].map((r) => r.build))) {
    const twice = new Set(
      [...loads, ...navs].filter((r) => r.build === build).flatMap((r) => r.runs.flatMap((f) => f.fetchedTwice ?? [])),
    );
    if (twice.size > 0) lines.push(`\nFetched twice (${build}): ${[...twice].map((p) => `\`${p}\``).join(', ')}.`);
  }
  return lines.join('\n');
}

function ratios(rows: Row[], numerator: string, denominator: string) {
  const lines = [
    `\n### ${numerator} ÷ ${denominator} (medians)\n`,
    '| page | JS gzip | wire | ready | first paint | interactive | main-thread CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const keys = [...new Set(rows.map((r) => r.key))];
  for (const key of keys) {
    const [fed, ref] = [numerator, denominator].map((b) => rows.find((r) => r.key === key && r.build === b));
    if (!fed || !ref) continue;
    const ratio = (pick: (f: Row['runs'][number]) => number | undefined) => {
      const of = (row: Row) => row.runs.map(pick).filter((v): v is number => v !== undefined);
      const [a, b] = [of(fed), of(ref)];
      return a.length && b.length ? (median(a) / Math.max(1, median(b))).toFixed(2) : '—';
    };
    lines.push(
      `| ${key} | ${ratio((f) => f.jsGzipBytes)} | ${ratio((f) => f.wireBytes)} | ${ratio((f) => f.readyMs)} | ${ratio((f) => f.firstPaintMs)} | ${ratio((f) => f.interactiveMs)} | ${ratio((f) => f.mainThreadCpuMs)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  ensureBuilds();
  const builds = [await startBuild('federated', REPO_ROOT)];
  if (WITH_REFERENCE) builds.push(await startBuild('single bundle', path.join(REFERENCE_ROOT, 'web-root')));
  if (COMPARE_ROOT) builds.push(await startBuild('before', COMPARE_ROOT, COMPARE_ROOT));
  if (EARLY_DATA_PAIR) builds.push(withoutEarlyData(builds[0] as Build));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(HTTP2 ? http2ChromiumArgs() : [])],
    headless: true,
  });
  try {
    const sessions = new Map<Build, StoredSession>();
    for (const build of builds) sessions.set(build, await storedSession(browser, build));

    const loads: Row[] = [];
    const navs: Row[] = [];
    const row = (rows: Row[], key: string, build: string) => {
      const found = rows.find((r) => r.key === key && r.build === build);
      if (found) return found;
      const created: Row = { key, build, runs: [] };
      rows.push(created);
      return created;
    };
    // Builds alternate run by run, so a machine that slows down does not favour one of them.
    for (let i = 0; i < RUNS; i++) {
      for (const s of BENCH_SCREENS) {
        for (const build of builds) {
          row(loads, s.path, build.label).runs.push(await coldLoad(browser, build, s, sessions.get(build)));
        }
      }
      for (const nav of BENCH_NAVIGATIONS) {
        for (const build of builds) {
          const figures = await menuNavigation(browser, build, nav.link, nav.to, sessions.get(build) as StoredSession);
          row(navs, `/ → ${nav.to.path}`, build.label).runs.push(figures);
        }
      }
      console.error(`run ${i + 1}/${RUNS} done`);
    }

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `\n## bench:web — ${when} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Chromium ${browser.version()}, CPU ×${CPU}${LATENCY ? `, +${LATENCY} ms per request` : ''}${HTTP2 ? ', HTTP/2 through a TLS proxy' : ', HTTP/1.1'}, ${RUNS} runs, cold cache`,
    );
    // `--runs 0 --renders`: the render counts alone.
    if (RUNS > 0) {
      console.log(table('Cold loads', loads, 'load'));
      console.log(dataTable(loads));
      console.log(table('Menu navigation from the dashboard (bytes and time after the click)', navs, 'navigation'));
      console.log(budgets(loads, navs));
      if (WITH_REFERENCE) {
        console.log(milestoneRatios(loads));
        console.log(ratios([...loads, ...navs], 'federated', 'single bundle'));
      }
      if (COMPARE_ROOT) console.log(ratios([...loads, ...navs], 'federated', 'before'));
      if (EARLY_DATA_PAIR) console.log(ratios([...loads, ...navs], 'federated', 'no early data'));
    }
    if (WITH_RENDERS) {
      const rows = [];
      for (const s of BENCH_SCREENS) {
        for (const build of builds) {
          rows.push({
            key: s.path,
            build: build.label,
            ...(await renderCounts(browser, build, sessions.get(build) as StoredSession, s)),
          });
        }
      }
      for (const nav of BENCH_NAVIGATIONS) {
        for (const build of builds) {
          const counts = await renderCounts(browser, build, sessions.get(build) as StoredSession, nav.to, nav.link);
          rows.push({ key: `/ → ${nav.to.path}`, build: build.label, ...counts });
        }
      }
      console.log(rendersTable(rows));
    }
    if (PROFILE_DIR) {
      const rows = await recordedLoads(builds, PROFILE_DIR, 'cpuprofile', (build, s, file) =>
        recordedLoad(browser, build, s, sessions.get(build), file, CPU_PROFILER),
      );
      console.log(profileTables(rows));
    }
    if (TRACE_DIR) {
      const rows = await recordedLoads(builds, TRACE_DIR, 'trace.json', (build, s, file) =>
        recordedLoad(browser, build, s, sessions.get(build), file, tracing(browser)),
      );
      console.log(traceTables(rows));
    }
    if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ when, cpu: CPU, runs: RUNS, loads, navs }, null, 2));
  } finally {
    await browser.close();
    for (const build of builds) await build.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
