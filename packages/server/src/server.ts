import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { type Config, DEV_SUPERUSER_PASSWORD } from './config.js';
import { lockDataDir, resolveSecretKey } from './data-dir.js';
import { type DatabaseLog, openPglite, openPostgres } from './db/client.js';
import { UsersRepository } from './db/users-repository.js';
import { ensureFirstSuperuser } from './first-superuser.js';
import { loggerOptions } from './http/log.js';
import { defaultWebRoot } from './plugins/frontends.js';
import { publishWorkspace, warnIfNothingPromoted } from './releases/workspace.js';
import { createMailer } from './services/mailer.js';
import { memoryStore, redisStore, withFallback } from './services/rate-limiter.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the configured database: PGlite under DATA_DIR (locked), or PostgreSQL at DATABASE_URL —
 * with the statement timeout when it serves requests (`forRequests`), without for bulk work.
 */
export async function openDatabase(
  config: Config,
  onLockLost: (error: Error) => void,
  log?: DatabaseLog,
  forRequests = false,
) {
  if (config.databaseUrl) {
    const statementTimeoutMs = forRequests ? config.statementTimeoutSeconds * 1000 : 0;
    return { database: await openPostgres(config.databaseUrl, { log, statementTimeoutMs }), release: async () => {} };
  }
  const release = await lockDataDir(config.dataDir, onLockLost);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pgdata')), release };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Everything `start` does: lock and open the data, migrate, create the first super user, then
 * listen. Returns a handle whose close() stops accepting requests, then releases the data.
 */
export async function startServer(config: Config, logger: FastifyBaseLogger | boolean = true): Promise<RunningServer> {
  let lockLost: (error: Error) => void = () => {};
  // The database reports lost and restored connections to the app's log once the app exists.
  let databaseLog: DatabaseLog | undefined;
  const { database, release } = await openDatabase(
    config,
    (error) => lockLost(error),
    {
      warn: (details, message) => databaseLog?.warn(details, message),
      info: (details, message) => databaseLog?.info(details, message),
    },
    true,
  );
  try {
    await database.migrate();
    const secretKey = resolveSecretKey(config.dataDir, config.secretKey);
    const users = new UsersRepository(database.db);
    const firstSuperuser = await ensureFirstSuperuser(users, config);
    const mailer = createMailer(config);
    // The app's logger exists only once the app is built; the store reports through it from then on.
    let storeLog: DatabaseLog | undefined;
    const rateLimitStore = config.redisUrl
      ? withFallback(redisStore(config.redisUrl), memoryStore(), {
          warn: (details, message) => storeLog?.warn(details, message),
          info: (details, message) => storeLog?.info(details, message),
        })
      : memoryStore();
    const app = await buildApp(
      { config: { ...config, secretKey }, database, mailer, rateLimitStore },
      {
        logger: logger === true ? loggerOptions(config.logLevel) : logger === false ? false : undefined,
      },
    );
    databaseLog = app.log;
    storeLog = app.log;
    if (firstSuperuser === 'email-taken') {
      app.log.warn(
        { superuser: config.firstSuperuser },
        'no super user exists and FIRST_SUPERUSER is an ordinary account, which is never promoted: ' +
          'start once with FIRST_SUPERUSER set to an address without an account',
      );
    }
    // Build, start, see it: outside production the checkout's builds are published and the new ones
    // promoted; in production only `remotes publish`/`promote` change what users get.
    if (config.nodeEnv !== 'production') {
      await publishWorkspace(app.releases, config.webRoot ?? defaultWebRoot(), app.log);
    } else {
      await warnIfNothingPromoted(app.releases, app.log);
    }
    if (config.nodeEnv === 'production' && config.devRemoteOrigins.length > 0) {
      // Allowed (a staging site may want it), but worth a line: these origins may run code in the page.
      app.log.warn(
        { devRemoteOrigins: config.devRemoteOrigins },
        'DEV_REMOTE_ORIGINS is set in production: pages may load remotes from these origins (?remote-override=)',
      );
    }
    lockLost = (error) => {
      app.log.fatal({ err: error }, 'lost the lock on the data directory; stopping to protect the data');
      process.exit(1);
    };
    app.addHook('onClose', async () => {
      // Mail still being sent in the background goes out before its transport closes.
      await app.background.settled();
      mailer.close();
      await rateLimitStore.close();
    });
    const address = await app.listen({ host: config.host, port: config.port });
    app.background.run('the companies search sample could not be drawn at start (the first search draws it)', () =>
      app.companiesRepository.prepareSearch(),
    );
    const url = `http://localhost:${new URL(address).port}`;
    app.log.info(
      {
        url,
        database:
          database.engine === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
        superuser: config.firstSuperuser,
        superuserCreated: firstSuperuser === 'created',
        mail: mailer.description,
      },
      'back office API ready',
    );
    printBanner({
      url,
      // FIRST_SUPERUSER's login is news only when it was just created: later it may have changed.
      login:
        firstSuperuser === 'created'
          ? `${config.firstSuperuser} / ${
              config.firstSuperuserPassword === DEV_SUPERUSER_PASSWORD
                ? DEV_SUPERUSER_PASSWORD
                : '(the value of FIRST_SUPERUSER_PASSWORD)'
            }`
          : 'a super user of this database (FIRST_SUPERUSER is used on the first start only)',
      mail: mailer.description,
      data: database.engine === 'pglite' ? config.dataDir : 'PostgreSQL at DATABASE_URL',
    });
    return {
      url,
      async close() {
        await app.close();
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    await release();
    throw error;
  }
}

function printBanner(info: { url: string; login: string; mail: string; data: string }) {
  const lines = [
    '',
    '  Back office is running',
    `  Open:      ${info.url}`,
    `  Log in as: ${info.login}`,
    `  API docs:  ${info.url}/docs`,
    `  E-mails:   ${info.mail}`,
    `  Data:      ${info.data}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
