import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChannelRow } from '../db/releases-repository.js';
import { appendCookie } from '../http/cookies.js';

/**
 * Who a browser is to the canaries: the `bo_audience` cookie. A page is requested without the
 * access token (it lives in localStorage), so the cookie is what the server sees at page load:
 * a random id on a browser's first visit, replaced by the signed-in user's own id on their first API
 * request (an HMAC of their user id with the server's key, so it names nobody and cannot be made up for
 * another user), which follows them to every browser they sign in on. Which version a browser gets
 * is a function of this id alone: the same answer on every load, on every instance.
 */
export const AUDIENCE_COOKIE = 'bo_audience';
const AUDIENCE = /^[A-Za-z0-9_-]{22}$/;
/** A year: the id is only a draw in the canary, renewed whenever a signed-in user calls the API. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The audience id given to this browser by this very request (its first page load), if any. */
    audience: string | undefined;
  }
}

/** The audience this request is made for: the one its browser carries, or the one its page load just gave it. */
export function audienceOf(request: FastifyRequest): string | undefined {
  return request.audience ?? readAudience(request);
}

export function readAudience(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === AUDIENCE_COOKIE && value && AUDIENCE.test(value)) return value;
  }
  return undefined;
}

export function setAudience(reply: FastifyReply, audience: string, secure: boolean): void {
  appendCookie(
    reply,
    `${AUDIENCE_COOKIE}=${audience}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`,
  );
}

/** A new browser's id: 128 random bits. */
export function newAudience(): string {
  return randomBytes(16).toString('base64url');
}

/** A signed-in user's id among the audiences (the same on every browser and instance). */
export function userAudience(secretKey: string, userId: string): string {
  return createHmac('sha256', secretKey).update(`audience:${userId}`).digest('base64url').slice(0, 22);
}

/**
 * The audience's place, 0–99, in a remote's canary draw: a share of N % is the audiences below N, so
 * raising the share keeps everyone who was in. Each remote draws apart (its name is in the hash), so
 * the first 5 % of one remote's canary are not always the first 5 % of another's.
 */
export function canaryBucket(remote: string, audience: string): number {
  return createHash('sha256').update(`${remote}:${audience}`).digest().readUInt32BE(0) % 100;
}

/** The version of a remote an audience gets: the canary when it is drawn or named, else the stable one. */
export function versionFor(channel: ChannelRow, audience: string | undefined): string | null {
  if (channel.canary_version && audience) {
    const named = channel.canary_users.some((user) => user.audience === audience);
    if (named || canaryBucket(channel.remote, audience) < channel.canary_percent) return channel.canary_version;
  }
  return channel.stable_version;
}
