import * as v from 'valibot';
import { apiErrors } from './api-errors.js';
import { emailRule, partnerKeyNameRule } from './rules.js';
import { apiKeyLifeEntries, integerParam } from './schemas.js';

/**
 * The release API (issue 25): remotes — and the shell — published as immutable versions, the channel
 * that says who gets which (stable, canary), their history, and the deploy keys a team's CI uses.
 * Only the server and its `remotes` command speak it; its texts are the API's (English).
 */

/** A remote's name as releases know it (`companies`, `shell`): lower-case words joined by `-`. */
export const RELEASE_NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const RELEASE_NAME_MAX_LENGTH = 40;
/** A version in URLs; it starts with a digit so it is never taken for a build's folder (`static/`). */
export const RELEASE_VERSION_PATTERN = /^[0-9][0-9A-Za-z._-]{0,63}$/;
export const MAX_CANARY_USERS = 100;

const uuid = v.pipe(v.string(), v.uuid('Must be a UUID'));
const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const releaseNameRule = v.pipe(
  v.string(),
  v.maxLength(RELEASE_NAME_MAX_LENGTH, `At most ${RELEASE_NAME_MAX_LENGTH} characters`),
  v.regex(RELEASE_NAME_PATTERN, 'A remote name is lower-case letters and digits, words joined by -'),
);
export const releaseVersionRule = v.pipe(v.string(), v.regex(RELEASE_VERSION_PATTERN, apiErrors.invalidReleaseVersion));

export const RemoteParamsSchema = v.object({ remote: releaseNameRule });

/** One file of an uploaded build: its path inside the build and its bytes in base64. */
export const ReleaseFileUploadSchema = v.object({
  path: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  content: v.pipe(v.string(), v.base64('Expected the file’s bytes in base64')),
});

/** `POST /remotes/{remote}/releases`: a whole build folder (what `remotes publish <dist-dir>` sends). */
export const ReleaseUploadSchema = v.object({
  /** Default: the build's package version and content hash (`1.0.0-3f2a9c1b7d`). */
  version: v.optional(releaseVersionRule),
  /**
   * A published shell version to check a remote's build against instead of the shells in use: for
   * builds made with a new shell (a shared library's new major), which are then promoted together.
   */
  shell: v.optional(releaseVersionRule),
  files: v.pipe(v.array(ReleaseFileUploadSchema), v.minLength(1), v.maxLength(5000)),
});
export type ReleaseUpload = v.InferOutput<typeof ReleaseUploadSchema>;

export const ReleaseSchema = v.object({
  remote: v.string(),
  version: v.string(),
  content_hash: v.string(),
  file_count: v.number(),
  size_bytes: v.number(),
  published_at: timestamp,
  published_by: v.string(),
  /** `stable` (everybody outside a canary), `canary`, or null (stored, served to nobody by default). */
  channel: v.nullable(v.picklist(['stable', 'canary'])),
  /** Who gets it, in words. */
  audience: v.string(),
  promoted_at: v.nullable(timestamp),
  promoted_by: v.nullable(v.string()),
});
export type Release = v.InferOutput<typeof ReleaseSchema>;

export const ReleasesSchema = v.object({ data: v.array(ReleaseSchema), count: v.number() });

/** The answer to a publication: the stored release, and whether this upload stored it (false: stored before). */
export const PublishedSchema = v.object({ release: ReleaseSchema, created: v.boolean() });

export const ChannelSchema = v.object({
  remote: v.string(),
  stable_version: v.nullable(v.string()),
  canary: v.nullable(v.object({ version: v.string(), percent: v.number(), users: v.array(v.string()) })),
  updated_at: v.nullable(timestamp),
});
export type Channel = v.InferOutput<typeof ChannelSchema>;

export const ChannelsSchema = v.object({
  data: v.array(v.object({ ...ChannelSchema.entries, releases: v.number() })),
  count: v.number(),
});

export const PromoteSchema = v.object({ version: releaseVersionRule });

/** Several promotions checked and applied together (a checkout's shell and remotes built together). */
export const PromotionsSchema = v.object({
  promotions: v.pipe(
    v.array(v.object({ remote: releaseNameRule, version: releaseVersionRule })),
    v.minLength(1),
    v.maxLength(50),
  ),
});
export const PromotedSchema = v.object({ data: v.array(ChannelSchema), changed: v.array(v.string()) });

/** A canary: a share of the audience (0–100 %) and/or users named by e-mail. */
export const CanarySchema = v.object({
  version: releaseVersionRule,
  percent: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100, 'A percent is 0 to 100')), 0),
  users: v.optional(v.pipe(v.array(emailRule), v.maxLength(MAX_CANARY_USERS)), []),
});
export type Canary = v.InferOutput<typeof CanarySchema>;

export const ReleaseEventSchema = v.object({
  id: v.number(),
  remote: v.string(),
  action: v.picklist(['publish', 'promote', 'canary', 'canary-end', 'rollback']),
  version: v.nullable(v.string()),
  previous_version: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
  at: timestamp,
  actor: v.string(),
});
export const ReleaseEventsSchema = v.object({ data: v.array(ReleaseEventSchema) });

export const ReleaseEventsQuerySchema = v.object({
  limit: integerParam(50, 1, 500),
  /** Only events older than this id (the last id of the previous page); 0: from the newest. */
  before: integerParam(0, 0, 2_147_483_647),
});

/* ---------- deploy keys ---------- */

export const DeployKeyCreateSchema = v.object({ name: partnerKeyNameRule, remote: releaseNameRule });

/** A deploy key as it is listed: never its secret nor its hash. */
export const DeployKeySchema = v.object({
  id: uuid,
  name: v.string(),
  /** The key's public beginning (`bo_dk_…`). */
  prefix: v.string(),
  remote: v.string(),
  ...apiKeyLifeEntries,
});
export type DeployKey = v.InferOutput<typeof DeployKeySchema>;

export const DeployKeyCreatedSchema = v.object({ ...DeployKeySchema.entries, key: v.string() });
export const DeployKeysSchema = v.object({ data: v.array(DeployKeySchema), count: v.number() });
