import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { remotesCommand } from '../src/cli/remotes.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, SUPERUSER, type TestApp } from './support/app.js';
import { fakeRemoteBuild, fakeShellBuild, tempDir } from './support/builds.js';
import { engine } from './support/database.js';

/**
 * `remotes …` as a team runs it: against a running server (a super user's credentials or a deploy
 * key), and `--direct` on a database no server holds. What it prints is what people read.
 */
let t: TestApp;
let url: string;
let webRoot: string;
let builds: string;

beforeAll(async () => {
  webRoot = tempDir('backoffice-web-');
  builds = tempDir();
  fakeShellBuild(path.join(webRoot, 'shell', 'dist'));
  t = await createTestApp({ env: { WEB_ROOT: webRoot } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(builds, { recursive: true, force: true });
});

/** Runs the command in this process and returns its exit code and what it printed. */
async function run(
  args: string[],
  env: Record<string, string> = {},
  configEnv: Record<string, string> = {},
  serverUrl = url,
) {
  const printed: string[] = [];
  const errors: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    errors.push(String(chunk));
    return true;
  });
  try {
    const config = loadConfig({
      FIRST_SUPERUSER: SUPERUSER.email,
      FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
      WEB_ROOT: webRoot,
      ...configEnv,
    });
    const code = await remotesCommand(
      [...args, ...(args.includes('--direct') ? [] : ['--url', serverUrl])],
      config,
      env,
    );
    return { code, out: printed.join(''), err: errors.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('remotes against a running server', () => {
  let v1: string;
  it('publish prints published <remote>@<version>; the same build again is unchanged', async () => {
    const dir = fakeRemoteBuild(path.join(builds, 'v1'));
    const first = await run(['publish', dir]);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/^published greetings@1\.0\.0-[0-9a-f]{10}\n$/);
    v1 = first.out.trim().split('@')[1] as string;
    expect((await run(['publish', dir])).out).toBe(`published greetings@${v1} (already stored: unchanged)\n`);
    // Options may come first, as docs/deployment.md writes them.
    expect((await run(['--url', url, 'publish', dir])).out).toBe(
      `published greetings@${v1} (already stored: unchanged)\n`,
    );
  });

  it('promote, canary, rollback and list say who gets what', async () => {
    const v2 = '2.0.0';
    expect(
      (await run(['publish', fakeRemoteBuild(path.join(builds, 'v2'), { marker: 'v2' }), '--version', v2])).out,
    ).toBe('published greetings@2.0.0\n');
    expect((await run(['promote', 'greetings', v1])).out).toBe(`promoted greetings@${v1}: everybody gets ${v1}\n`);
    expect((await run(['canary', 'greetings', v2, '--percent', '10', '--users', SUPERUSER.email])).out).toBe(
      `canary greetings@2.0.0: 10 % and ${SUPERUSER.email} get 2.0.0; everybody else gets ${v1}\n`,
    );
    const overview = await run(['list']);
    expect(overview.out).toContain('REMOTE');
    expect(overview.out).toMatch(
      new RegExp(`greetings\\s+2\\s+10 % and ${SUPERUSER.email} get 2\\.0\\.0; everybody else gets ${v1}`),
    );
    expect((await run(['promote', 'greetings', v2])).out).toBe('promoted greetings@2.0.0: everybody gets 2.0.0\n');
    expect((await run(['rollback', 'greetings'])).out).toBe(`rolled back greetings: everybody gets ${v1}\n`);
    const listed = (await run(['list', 'greetings'])).out;
    expect(listed).toMatch(
      new RegExp(`${v1}\\s+everyone\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d by ${SUPERUSER.email}`),
    );
    expect(listed).toMatch(/2\.0\.0\s+nobody/);
    expect(listed).toMatch(/rollback\s+1\.0\.0-[0-9a-f]{10}\s+\(was 2\.0\.0\)/);
  });

  it('prints the server’s refusal and exits 1: an incompatible build, an unknown version', async () => {
    const refused = await run([
      'publish',
      fakeRemoteBuild(path.join(builds, 'react-20'), { marker: 'r20', requires: { react: '^20.0.0' } }),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      /^Error: 400: greetings@1\.0\.0-[0-9a-f]{10} does not work with the shell .*: it requires react \^20\.0\.0; the shell provides react 19\.3\.1\n$/,
    );
    const unknown = await run(['promote', 'greetings', '9.9.9']);
    expect(unknown).toMatchObject({ code: 1, err: 'Error: 404: greetings@9.9.9 is not published\n' });
  });

  it('with DEPLOY_KEY it acts as that key, on its remote only', async () => {
    const created = await t.post('deploy-keys/', t.superuserToken, { name: 'CI', remote: 'greetings' });
    const env = { DEPLOY_KEY: created.json().key };
    const published = await run(['publish', fakeRemoteBuild(path.join(builds, 'v3'), { marker: 'v3' })], env);
    expect(published.code).toBe(0);
    const other = await run(['rollback', 'companies'], env);
    expect(other).toMatchObject({ code: 1, err: 'Error: 403: This deploy key is for another remote\n' });
    const events = (await t.get('remotes/greetings/events', t.superuserToken)).json().data;
    expect(events[0].actor).toMatch(/^deploy key "CI" \(bo_dk_[0-9a-f]{12}\)$/);
  });

  it('publish-all checks a checkout’s remotes against its own shell and promotes them with it, together', async () => {
    // A shared library's new major: the shell and the remotes are built with it, and go live together.
    const checkout = tempDir('backoffice-checkout-');
    const react20 = {
      react: '20.0.0',
      'react-dom': '20.0.0',
      '@chakra-ui/react/button': '3.37.0',
      '@backoffice/ui': '1.0.0',
    };
    fakeShellBuild(path.join(checkout, 'shell', 'dist'), { marker: 'n20', provides: react20 });
    const remote = fakeRemoteBuild(path.join(checkout, 'remote-greetings', 'dist'), {
      marker: 'g20',
      requires: { react: '^20.0.0', 'react-dom': '^20.0.0', '@backoffice/ui': '^1.0.0' },
    });
    try {
      // Alone, against the shell in use, it is refused; against a shell version nobody published, too.
      const alone = await run(['publish', remote]);
      expect(alone.code).toBe(1);
      expect(alone.err).toContain('it requires react ^20.0.0; the shell provides react 19.3.1');
      const unknown = await run(['publish', remote, '--shell', '9.9.9']);
      expect(unknown).toMatchObject({ code: 1, err: 'Error: 404: shell@9.9.9 is not published\n' });

      const all = await run(['publish-all', '--root', checkout, '--promote']);
      expect(all.err).toBe('');
      const lines = all.out.trim().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^published shell@1\.0\.0-[0-9a-f]{10}$/),
        expect.stringMatching(/^published greetings@1\.0\.0-[0-9a-f]{10}$/),
        expect.stringMatching(/^promoted shell@/),
        expect.stringMatching(/^promoted greetings@/),
      ]);
      const shell = (lines[0] as string).split('@')[1] as string;
      const greetings = (lines[1] as string).split('@')[1] as string;
      expect((await run(['list'])).out).toMatch(new RegExp(`shell\\s+\\d+\\s+everybody gets ${shell}`));
      expect((await run(['list'])).out).toMatch(new RegExp(`greetings\\s+\\d+\\s+everybody gets ${greetings}`));
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('key create prints a deploy key once; it publishes its remote; key list shows it; key revoke stops it', async () => {
    const created = await run(['key', 'create', 'greetings', '--name', 'CI saudações']);
    expect(created.err).toBe('');
    const [first, secret, hint] = created.out.trim().split('\n') as [string, string, string];
    const prefix = /\((bo_dk_[0-9a-f]{12})\)/.exec(first)?.[1] as string;
    expect(first).toBe(`deploy key "CI saudações" for greetings (${prefix}), shown this once:`);
    expect(secret.startsWith(`${prefix}_`)).toBe(true);
    expect(hint).toBe(`Keep it in the pipeline as DEPLOY_KEY; revoke it with: remotes key revoke ${prefix}`);

    const env = { DEPLOY_KEY: secret };
    expect((await run(['list'], env)).code).toBe(0);
    // A deploy key never manages keys: with DEPLOY_KEY set, key commands act as the super user.
    const listed = await run(['key', 'list'], env);
    expect(listed.out).toMatch(
      new RegExp(`^greetings\\s+CI saudações\\s+${prefix}\\s+\\d{4}-\\d\\d-\\d\\d \\S+\\s+\\d{4}`, 'm'),
    );

    expect((await run(['key', 'revoke', secret])).out).toBe(
      `deploy key "CI saudações" for greetings (${prefix}) revoked\n`,
    );
    const refused = await run(['list'], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^Error: 401: /);
    expect((await run(['key', 'revoke', 'bo_dk_000000000000'])).err).toBe(
      'Error: no deploy key has the prefix bo_dk_000000000000\n',
    );
    expect((await run(['key', 'list', '--direct'])).err).toBe(
      'Error: deploy keys are managed through a running server, by a super user: leave out --direct\n',
    );
  });

  it('says so when no server answers or the credentials are wrong', async () => {
    const wrong = await run(['list', '--password', 'not-the-password']);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe(`Error: cannot log in as ${SUPERUSER.email}: "Incorrect email or password"\n`);
    const unreachable = await run(['list'], {}, {}, 'http://127.0.0.1:9');
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(
      /^Error: cannot reach the server at http:\/\/127\.0\.0\.1:9 \(.*\); is it running\? \(--url, or --direct\)\n$/,
    );
  });
});

describe.runIf(engine === 'pglite')('remotes --direct', () => {
  it('works on the embedded database of a data directory no server holds', async () => {
    const dataDir = tempDir('backoffice-data-');
    try {
      const env = { DATA_DIR: dataDir };
      const dir = fakeRemoteBuild(path.join(builds, 'direct'), { marker: 'direct' });
      const published = await run(['publish', dir, '--direct'], {}, env);
      expect(published.err).toBe('');
      const version = published.out.trim().split('@')[1] as string;
      expect((await run(['promote', 'greetings', version, '--direct'], {}, env)).out).toBe(
        `promoted greetings@${version}: everybody gets ${version}\n`,
      );
      const listed = await run(['list', 'greetings', '--direct'], {}, env);
      expect(listed.out).toMatch(new RegExp(`${version}\\s+everyone\\s+.* by \\S+@\\S+ \\(remotes --direct\\)`));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
