import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';

/** Chromium's CPU profile (DevTools protocol `Profiler.Profile`), as a `.cpuprofile` file holds it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where the main thread's time went: ms by group, by package, and the functions and files that took most. */
export interface ProfileBreakdown {
  /** Sampled time that was not idle, in ms. */
  busyMs: number;
  /** Self time by group (GROUPS), in ms. */
  groups: Record<string, number>;
  /** Self time by package (npm package, workspace package or app), in ms. */
  packages: Record<string, number>;
  /** Self time of a function (original name and file), in ms. */
  selfFunctions: Record<string, number>;
  /** Inclusive time of a function (original name and file), in ms. */
  functions: Record<string, number>;
  /** Inclusive time of an original source file (module evaluation shows here), in ms. */
  files: Record<string, number>;
}

/** The groups of the breakdown, by package name (the first that matches). */
export const GROUPS: [RegExp, string][] = [
  [/^\(program\)$/, 'browser: parse, style, layout, paint, compile'],
  [/^\(garbage collector\)$/, 'garbage collection'],
  [/^(react|react-dom|scheduler)$/, 'React (render, commit, scheduler)'],
  [/^(@chakra-ui|@ark-ui|@zag-js|@pandacss)\//, 'Chakra UI (with Ark, Zag)'],
  [/^(@emotion\/|stylis$)/, 'emotion (styles worked out at run time)'],
  [/^@module-federation\//, 'Module Federation runtime'],
  [/^bundler runtime$/, 'bundler runtime (chunk loading)'],
  [/^react-router/, 'React Router'],
  [/^@tanstack\//, 'TanStack Query'],
  [/^(react-hook-form|@hookform\/|valibot)/, 'forms (react-hook-form, valibot)'],
  [/^(@backoffice\/|shell$|remote-)/, "the product's own code"],
];
const OTHER = 'other libraries (and the page probes)';

/**
 * The package an original source belongs to: an npm package (its last `node_modules/` folder), a
 * workspace package, the app whose script it is (`script`: the URL's `/remotes/<name>/` or the shell),
 * or the bundler's own runtime code (no source file: chunk loading, the share scope's glue).
 */
export function packageOf(source: string, script: string): string {
  const modules = source.split('node_modules/');
  if (modules.length > 1) {
    const rest = modules[modules.length - 1] as string;
    const [first, second] = rest.split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first as string);
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\/src\//.exec(source);
  if (workspace) return `@backoffice/${workspace[1]}`;
  if (/\/src\/[^?]*\.tsx?$/.test(source)) return appOf(script);
  return 'bundler runtime';
}

/** The app a script URL belongs to. */
const appOf = (script: string) => {
  const remote = /\/remotes\/([^/]+)\//.exec(new URL(script).pathname);
  return remote ? `remote-${remote[1]}` : 'shell';
};

export const groupOf = (pkg: string) => GROUPS.find(([pattern]) => pattern.test(pkg))?.[1] ?? OTHER;

/** Source maps by script URL (fetched once; `undefined` when the build wrote none). */
const maps = new Map<string, Promise<TraceMap | undefined>>();

async function sourceMapOf(url: string): Promise<TraceMap | undefined> {
  if (!/^https?:/.test(url)) return undefined;
  let map = maps.get(url);
  if (!map) {
    map = (async () => {
      const script = await (await fetch(url)).text();
      const comment = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(script);
      if (!comment) return undefined;
      const response = await fetch(new URL(comment[1] as string, url));
      return response.ok ? new TraceMap((await response.text()) as string, url) : undefined;
    })().catch(() => undefined);
    maps.set(url, map);
  }
  return map;
}

/**
 * The original name of the function that starts at `column` of a source line (the minifier renamed it):
 * `function name(`, `name(…) {` (a method), or `name = (…) =>` / `name: function` just before it.
 */
function nameAt(line: string, column: number): string | undefined {
  const after = /^(?:async\s+)?(?:function\s*\*?\s*([\w$]+)|(?:get |set |static )?([\w$]+)\s*\()/.exec(
    line.slice(column),
  );
  if (after?.[1] || after?.[2]) return after[1] ?? after[2];
  return /([\w$.]+)\s*[:=]\s*(?:async\s*)?(?:function\b\s*\*?\s*)?$/.exec(line.slice(0, column))?.[1];
}

/** A profile node's original place: package, file and function name. */
interface Origin {
  pkg: string;
  file: string;
  name: string;
}

async function originOf(frame: CpuProfile['nodes'][number]['callFrame']): Promise<Origin> {
  const special = /^\((program|garbage collector|idle|root)\)$/.test(frame.functionName);
  if (special) return { pkg: frame.functionName, file: frame.functionName, name: frame.functionName };
  const map = await sourceMapOf(frame.url);
  if (map) {
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (at.source) {
      const pkg = packageOf(at.source, frame.url);
      const file =
        pkg === 'bundler runtime'
          ? pkg
          : at.source.replace(/^.*node_modules\//, '').replace(/^(webpack:\/\/[^/]*|https?:\/\/[^/]+)\/(\.\.\/)*/, '');
      const line = sourceContentFor(map, at.source)?.split('\n')[at.line - 1];
      const name = at.name ?? (line ? nameAt(line, at.column) : undefined) ?? (frame.functionName || '(anonymous)');
      return { pkg, file, name };
    }
  }
  // A script of ours without a mapping for this place: code the bundler wrote (no source file).
  if (map) return { pkg: 'bundler runtime', file: 'bundler runtime', name: frame.functionName || '(anonymous)' };
  const file = frame.url ? new URL(frame.url).pathname : '';
  return { pkg: frame.url ? file : '', file, name: frame.functionName || '(anonymous)' };
}

/**
 * The breakdown of a profile: each sample's time (until the next sample) to the function on top of the
 * stack (self time, by package and group) and to every distinct function and file on the stack
 * (inclusive). Idle time is left out.
 */
export async function breakDown(profile: CpuProfile): Promise<ProfileBreakdown> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origins = new Map<number, Origin>();
  await Promise.all(profile.nodes.map(async (node) => origins.set(node.id, await originOf(node.callFrame))));
  // A built-in (no script: JSON.parse, a regular expression, a DOM call) counts for the code that called it.
  const placed = (id: number): Origin => {
    const origin = origins.get(id) as Origin;
    const caller = parent.get(id);
    return origin.pkg === '' && caller !== undefined ? placed(caller) : origin;
  };

  const result: ProfileBreakdown = { busyMs: 0, groups: {}, packages: {}, selfFunctions: {}, functions: {}, files: {} };
  const add = (record: Record<string, number>, key: string, ms: number) => {
    record[key] = (record[key] ?? 0) + ms;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const top = placed(id);
    if (top.pkg === '(idle)' || top.pkg === '(root)') return;
    result.busyMs += ms;
    add(result.packages, top.pkg, ms);
    add(result.selfFunctions, `${top.name} (${top.file})`, ms);
    add(result.groups, groupOf(top.pkg), ms);
    const functions = new Set<string>();
    const files = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const origin = origins.get(node) as Origin;
      if (origin.pkg === '(root)' || origin.pkg === '' || !byId.has(node)) continue;
      functions.add(`${origin.name} (${origin.file})`);
      files.add(origin.file);
    }
    for (const key of functions) add(result.functions, key, ms);
    for (const key of files) add(result.files, key, ms);
  });
  return result;
}
