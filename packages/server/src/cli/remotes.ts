import path from 'node:path';
import type { Channel, Release } from '@backoffice/contracts';
import { type Config, ConfigError } from '../config.js';
import { defaultWebRoot } from '../plugins/frontends.js';
import { describeBuild, SHELL } from '../releases/build-manifest.js';
import { type Bundle, BundleError, readBundle } from '../releases/bundle.js';
import {
  DEPLOY_KEYS_OVER_API,
  directClient,
  httpClient,
  ReleaseCommandError,
  type ReleasesClient,
} from '../releases/client.js';
import { workspaceBuildDirs } from '../releases/workspace.js';

export const REMOTES_USAGE = `Usage: backoffice-server remotes <command> [options]   (npm run remotes -- <command> …)

  publish <dist-dir> [--version V] [--shell V]
                                       store a build (a remote's or the shell's dist folder) as a new version;
                                       nobody gets it until it is promoted or shown to a canary. A remote is
                                       checked against the shell in use, or against the published shell V
  publish-all [--root DIR] [--promote] publish shell/dist and every remote-*/dist under DIR (default: this
                                       repository), the remotes checked against that shell; --promote then
                                       promotes the new ones together
  promote <remote> <version>           everybody gets this version (the shell is the remote "shell")
  canary <remote> <version> [--percent N] [--users a@x.com,b@y.com]
                                       show it to N % of users (the same users on every load) and to named users
  canary <remote> --off                end the canary: everybody gets the promoted version
  rollback <remote>                    everybody gets the version promoted before the current one
  list [<remote>]                      every remote and who gets what; with a remote: its versions and history
  key create <remote> [--name N]       a deploy key for one remote's pipeline (super users); printed once
  key list                             the deploy keys: remote, name, prefix, last used, revoked
  key revoke <id or bo_dk_ prefix>     the key stops working at once, on every instance

  Against a running server (default): --url URL (default http://localhost:$PORT), with DEPLOY_KEY (a deploy
  key of that remote) or a super user: --user/--password, else FIRST_SUPERUSER/FIRST_SUPERUSER_PASSWORD.
  --direct works on the configured database instead (DATABASE_URL, or DATA_DIR while no server runs there).
`;

const KNOWN_FLAGS = [
  'version',
  'shell',
  'root',
  'promote',
  'percent',
  'users',
  'off',
  'url',
  'user',
  'password',
  'direct',
  'name',
];

interface Parsed {
  positional: string[];
  flags: Record<string, string | undefined>;
}

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string | undefined> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!KNOWN_FLAGS.includes(name)) {
      throw new ConfigError(`unknown option "--${name}" (known: ${KNOWN_FLAGS.map((flag) => `--${flag}`).join(' ')})`);
    }
    if (inline !== undefined) flags[name] = inline;
    else if (['promote', 'off', 'direct'].includes(name)) flags[name] = 'true';
    else {
      const value = args[++i];
      if (value === undefined) throw new ConfigError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return { positional, flags };
}

function positionals(count: number, parsed: Parsed, usage: string): string[] {
  if (parsed.positional.length !== count) throw new ConfigError(`usage: remotes ${usage}`);
  return parsed.positional;
}

const out = (line = '') => process.stdout.write(`${line}\n`);

function table(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows)
    out(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

const when = (iso: string | null, who: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 19)} by ${who}` : '');

function describeChannel(channel: Channel): string {
  const canary = channel.canary;
  if (!canary) return `everybody gets ${channel.stable_version ?? 'nothing (no version promoted)'}`;
  const who = [
    ...(canary.percent ? [`${canary.percent} %`] : []),
    ...(canary.users.length ? [canary.users.join(', ')] : []),
  ].join(' and ');
  return `${who} get ${canary.version}; everybody else gets ${channel.stable_version}`;
}

/** `remotes …`: prints what it did; a refusal is printed with the server's reason and exits 1. */
export async function remotesCommand(args: string[], config: Config, env: NodeJS.ProcessEnv): Promise<number> {
  if (args.length === 0 || args[0] === 'help' || args.includes('--help')) {
    process.stdout.write(REMOTES_USAGE);
    return args.length > 0 ? 0 : 2;
  }
  // Options may come before the command too (`remotes --url https://… publish dist`).
  const parsed = parse(args);
  const command = parsed.positional.shift();
  if (!command) {
    process.stderr.write(REMOTES_USAGE);
    return 2;
  }
  const webRoot = config.webRoot ?? defaultWebRoot();
  const open = async (): Promise<ReleasesClient> => {
    if (parsed.flags.direct) return directClient(config, webRoot);
    const key = env.DEPLOY_KEY?.trim();
    // Deploy keys are a super user's business: a key never manages keys.
    const useKey = key && parsed.flags.user === undefined && command !== 'key';
    return httpClient(parsed.flags.url ?? `http://localhost:${config.port}`, {
      ...(useKey ? { key } : {}),
      user: parsed.flags.user ?? config.firstSuperuser,
      password: parsed.flags.password ?? config.firstSuperuserPassword,
    });
  };
  const read = (dir: string): { bundle: Bundle; remote: string } => {
    try {
      const bundle = readBundle(path.resolve(dir));
      return { bundle, remote: describeBuild(bundle).name };
    } catch (error) {
      if (error instanceof BundleError) throw new ReleaseCommandError(`${dir}: ${error.message}`);
      throw error;
    }
  };

  let client: ReleasesClient | undefined;
  try {
    switch (command) {
      case 'publish': {
        const [dir] = positionals(1, parsed, 'publish <dist-dir> [--version V] [--shell V]');
        const { bundle, remote } = read(dir as string);
        client = await open();
        const { release, created } = await client.publish(remote, bundle, {
          version: parsed.flags.version,
          shell: parsed.flags.shell,
        });
        out(`published ${release.remote}@${release.version}${created ? '' : ' (already stored: unchanged)'}`);
        return 0;
      }
      case 'publish-all': {
        positionals(0, parsed, 'publish-all [--root DIR] [--promote]');
        const dirs = workspaceBuildDirs(path.resolve(parsed.flags.root ?? webRoot));
        if (dirs.length === 0) throw new ReleaseCommandError('no build found (shell/dist, remote-*/dist): build first');
        const builds = dirs.map((dir) => read(dir));
        client = await open();
        const fresh: { remote: string; version: string }[] = [];
        // The shell comes first (workspaceBuildDirs): the remotes built with it are checked against it.
        let shell: string | undefined;
        for (const { bundle, remote } of builds) {
          const { release, created } = await client.publish(remote, bundle, { shell });
          if (remote === SHELL) shell = release.version;
          out(`published ${release.remote}@${release.version}${created ? '' : ' (already stored: unchanged)'}`);
          if (created) fresh.push({ remote, version: release.version });
        }
        if (parsed.flags.promote && fresh.length > 0) {
          const { changed, data } = await client.promoteMany(fresh);
          for (const channel of data) {
            if (changed.includes(channel.remote)) out(`promoted ${channel.remote}@${channel.stable_version}`);
          }
        }
        return 0;
      }
      case 'promote': {
        const [remote, version] = positionals(2, parsed, 'promote <remote> <version>') as [string, string];
        client = await open();
        const channel = await client.promote(remote, version);
        out(`promoted ${remote}@${version}: ${describeChannel(channel)}`);
        return 0;
      }
      case 'canary': {
        client = undefined;
        if (parsed.flags.off) {
          const [remote] = positionals(1, parsed, 'canary <remote> --off') as [string];
          client = await open();
          out(`canary of ${remote} ended: ${describeChannel(await client.endCanary(remote))}`);
          return 0;
        }
        const [remote, version] = positionals(
          2,
          parsed,
          'canary <remote> <version> [--percent N] [--users a@x.com,b@y.com]',
        ) as [string, string];
        const percent = parsed.flags.percent === undefined ? 0 : Number(parsed.flags.percent);
        if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
          throw new ConfigError(`--percent must be a whole number from 0 to 100 (got "${parsed.flags.percent}")`);
        }
        const users = (parsed.flags.users ?? '')
          .split(',')
          .map((user) => user.trim())
          .filter(Boolean);
        client = await open();
        const channel = await client.canary(remote, version, percent, users);
        out(`canary ${remote}@${version}: ${describeChannel(channel)}`);
        return 0;
      }
      case 'rollback': {
        const [remote] = positionals(1, parsed, 'rollback <remote>') as [string];
        client = await open();
        const channel = await client.rollback(remote);
        out(`rolled back ${remote}: ${describeChannel(channel)}`);
        return 0;
      }
      case 'list': {
        if (parsed.positional.length > 1) throw new ConfigError('usage: remotes list [<remote>]');
        client = await open();
        const [remote] = parsed.positional;
        if (!remote) {
          const overview = await client.overview();
          if (overview.length === 0) out('No releases yet: remotes publish <dist-dir>');
          else {
            table([
              ['REMOTE', 'VERSIONS', 'WHO GETS WHAT'],
              ...overview.map((row) => [row.remote, String(row.releases), describeChannel(row)]),
            ]);
          }
          return 0;
        }
        printReleases(remote, await client.releases(remote));
        const events = await client.events(remote, 20);
        if (events.length > 0) {
          out();
          out('History (newest first):');
          table(
            events.map((event) => [
              event.at.replace('T', ' ').slice(0, 19),
              event.action,
              event.version ?? '',
              event.previous_version ? `(was ${event.previous_version})` : '',
              eventDetails(event.details),
              `by ${event.actor}`,
            ]),
          );
        }
        return 0;
      }
      case 'key':
        if (parsed.flags.direct) throw new ReleaseCommandError(DEPLOY_KEYS_OVER_API);
        client = await open();
        return await keyCommand(client, parsed);
      default:
        process.stderr.write(REMOTES_USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof ReleaseCommandError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await client?.close();
  }
}

async function keyCommand(client: ReleasesClient, parsed: Parsed): Promise<number> {
  const [action, argument, ...extra] = parsed.positional;
  if (action === 'create' && argument && extra.length === 0) {
    const created = await client.deployKeys.create(argument, parsed.flags.name ?? `${argument} pipeline`);
    out(`deploy key "${created.name}" for ${created.remote} (${created.prefix}), shown this once:`);
    out(created.key);
    out(`Keep it in the pipeline as DEPLOY_KEY; revoke it with: remotes key revoke ${created.prefix}`);
    return 0;
  }
  if (action === 'list' && !argument) {
    const keys = await client.deployKeys.list();
    if (keys.length === 0) out('No deploy keys: remotes key create <remote>');
    else {
      table([
        ['REMOTE', 'NAME', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'],
        ...keys.map((key) => [
          key.remote,
          key.name,
          key.prefix,
          stamp(key.created_at),
          stamp(key.last_used_at) || 'never',
          stamp(key.revoked_at),
        ]),
      ]);
    }
    return 0;
  }
  if (action === 'revoke' && argument && extra.length === 0) {
    const found = argument.startsWith('bo_')
      ? (await client.deployKeys.list()).find((key) => key.prefix === argument || argument.startsWith(`${key.prefix}_`))
      : { id: argument };
    if (!found) throw new ReleaseCommandError(`no deploy key has the prefix ${argument}`);
    const revoked = await client.deployKeys.revoke(found.id);
    out(`deploy key "${revoked.name}" for ${revoked.remote} (${revoked.prefix}) revoked`);
    return 0;
  }
  throw new ConfigError('usage: remotes key create <remote> [--name N] | key list | key revoke <id or prefix>');
}

const stamp = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '');

function eventDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.percent === 'number' && details.percent > 0) parts.push(`${details.percent} %`);
  if (Array.isArray(details.users) && details.users.length > 0) parts.push(details.users.join(', '));
  if (details.ended_canary) parts.push('canary ended');
  return parts.join(', ');
}

function printReleases(remote: string, releases: Release[]): void {
  if (releases.length === 0) {
    out(`${remote} has no releases`);
    return;
  }
  table([
    ['VERSION', 'WHO GETS IT', 'PUBLISHED', 'LAST PROMOTED'],
    ...releases.map((release) => [
      release.version,
      release.audience,
      when(release.published_at, release.published_by),
      when(release.promoted_at, release.promoted_by),
    ]),
  ]);
  if (remote === SHELL) out('(the shell: remotes are checked against the version everybody gets)');
}
