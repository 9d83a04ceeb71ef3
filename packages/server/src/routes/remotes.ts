import {
  CanarySchema,
  ChannelSchema,
  ChannelsSchema,
  HttpErrorSchema,
  PromotedSchema,
  PromoteSchema,
  PromotionsSchema,
  PublishedSchema,
  ReleaseEventsQuerySchema,
  ReleaseEventsSchema,
  ReleasesSchema,
  ReleaseUploadSchema,
  RemoteParamsSchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { actorOf, assertMayRelease } from '../plugins/releases.js';
import { BundleError, bundleOf, MAX_BUNDLE_BYTES } from '../releases/bundle.js';

const security = [{ bearer: [] }];
const tags = ['releases'];
const errors = {
  400: HttpErrorSchema,
  401: HttpErrorSchema,
  403: HttpErrorSchema,
  404: HttpErrorSchema,
  409: HttpErrorSchema,
};
const WHO =
  'Super users, or a deploy key of this remote (`Authorization: Bearer bo_dk_…`; a key of another remote gets 403).';

/**
 * The release API (issue 25), what `remotes …` and a team's CI call: publish a build, promote a
 * version, show one to a canary, roll back, and read the releases and their history. Every change is
 * recorded with who made it; what users get changes on their next page load, on every instance.
 */
export default async function remoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.addHook('preHandler', app.requireReleaser);
  // A deploy key acts on its own remote only: a route of one remote (`:remote`) checks that before anything.
  app.addHook('preHandler', async (request) => {
    const { remote } = request.params as { remote?: string };
    if (remote !== undefined) assertMayRelease(request, remote);
  });

  app.get(
    '/remotes/',
    {
      schema: {
        tags,
        summary: 'What users get of each remote',
        description: `Every remote with a release (the shell is \`shell\`): its stable version and canary. ${WHO} A deploy key sees its own remote only.`,
        security,
        response: { 200: ChannelsSchema, 401: HttpErrorSchema, 403: HttpErrorSchema },
      },
    },
    async (request) => {
      const all = await app.releases.overview();
      const data = request.deployKey ? all.filter((row) => row.remote === request.deployKey?.scope.remote) : all;
      return { data, count: data.length };
    },
  );

  app.get(
    '/remotes/:remote/releases',
    {
      schema: {
        tags,
        summary: "A remote's releases",
        description: `Newest first: each version, who gets it, when and by whom it was published and last promoted. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        response: { 200: ReleasesSchema, ...errors },
      },
    },
    async (request) => {
      const data = await app.releases.releases(request.params.remote);
      return { data, count: data.length };
    },
  );

  app.post(
    '/remotes/:remote/releases',
    {
      // A build is a few MB; its files travel in base64 (a third more).
      bodyLimit: Math.ceil((MAX_BUNDLE_BYTES * 4) / 3) + 1024 * 1024,
      schema: {
        tags,
        summary: 'Publish a build',
        description:
          'Stores a build folder (every file, in base64) under its version: `version`, or its package version and ' +
          'content hash. Nobody gets it until it is promoted or shown to a canary. A version is never overwritten: ' +
          'the same build again answers `created: false`, another build under a stored version 409. A build whose ' +
          'shared modules the shell in use does not provide in a satisfying version, or whose screens need an ' +
          'expose it lacks, is refused (400, naming each module and both versions) and nothing is stored. With ' +
          '`shell`, a remote is checked against that published shell version instead (builds made with a new shell, ' +
          `promoted together with it through \`POST /remotes/promotions\`). ${WHO}`,
        security,
        params: RemoteParamsSchema,
        body: ReleaseUploadSchema,
        response: { 200: PublishedSchema, 201: PublishedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      let bundle: ReturnType<typeof bundleOf>;
      try {
        bundle = bundleOf(
          request.body.files.map((file) => ({ path: file.path, content: Buffer.from(file.content, 'base64') })),
        );
      } catch (error) {
        if (error instanceof BundleError) throw new HttpError(400, error.message);
        throw error;
      }
      const { release, created } = await app.releases.publish(bundle, {
        actor: actorOf(request),
        version: request.body.version,
        againstShell: request.body.shell,
        expectedRemote: remote,
      });
      const view = (await app.releases.releases(remote)).find((row) => row.version === release.version);
      reply.code(created ? 201 : 200);
      return { release: view as NonNullable<typeof view>, created };
    },
  );

  app.post(
    '/remotes/:remote/promote',
    {
      schema: {
        tags,
        summary: 'Promote a version: everybody gets it',
        description:
          'Checked first against the shell in use (for the shell: every remote in use is checked against it); a ' +
          `canary of this version ends. Promoting the stable version again changes nothing. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        body: PromoteSchema,
        response: { 200: ChannelSchema, ...errors },
      },
    },
    async (request) => {
      const { channel } = await app.releases.promote(request.params.remote, request.body.version, actorOf(request));
      return channel;
    },
  );

  app.post(
    '/remotes/promotions',
    {
      schema: {
        tags,
        summary: 'Promote several versions together',
        description:
          'For builds made together (a checkout’s shell and remotes): the state they make together is checked, and ' +
          `applied in one transaction or not at all. \`changed\` names the remotes whose version changed. ${WHO} A ` +
          'deploy key may list its own remote only.',
        security,
        body: PromotionsSchema,
        response: { 200: PromotedSchema, ...errors },
      },
    },
    async (request) => {
      for (const { remote } of request.body.promotions) assertMayRelease(request, remote);
      const { channels, changed } = await app.releases.promoteMany(request.body.promotions, actorOf(request));
      return { data: channels, changed };
    },
  );

  app.post(
    '/remotes/:remote/canary',
    {
      schema: {
        tags,
        summary: 'Show a version to a canary',
        description:
          'To `percent` % of the audience (each browser, or signed-in user, drawn once: the same answer on every ' +
          `load) and to the users named in \`users\`; everyone else keeps the stable version. Replaces any canary. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        body: CanarySchema,
        response: { 200: ChannelSchema, 422: HttpErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { version, percent, users } = request.body;
      return app.releases.canary(request.params.remote, version, { percent, users }, actorOf(request));
    },
  );

  app.delete(
    '/remotes/:remote/canary',
    {
      schema: {
        tags,
        summary: 'End the canary',
        description: `Everyone gets the stable version again. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        response: { 200: ChannelSchema, ...errors },
      },
    },
    async (request) => app.releases.endCanary(request.params.remote, actorOf(request)),
  );

  app.post(
    '/remotes/:remote/rollback',
    {
      schema: {
        tags,
        summary: 'Roll back to the previously promoted version',
        description:
          'Everybody gets the version promoted before the current one (a canary ends); again, one further back. ' +
          `Checked against what it runs with like a promotion. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        response: { 200: ChannelSchema, ...errors },
      },
    },
    async (request) => app.releases.rollback(request.params.remote, actorOf(request)),
  );

  app.get(
    '/remotes/:remote/events',
    {
      schema: {
        tags,
        summary: "A remote's release history",
        description: `Every publication, promotion, canary and rollback, newest first, with who made it. ${WHO}`,
        security,
        params: RemoteParamsSchema,
        querystring: ReleaseEventsQuerySchema,
        response: { 200: ReleaseEventsSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      return { data: await app.releases.events(request.params.remote, limit, before || undefined) };
    },
  );
}
