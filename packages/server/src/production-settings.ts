import { normalizeOrigin, passwordRule } from '@backoffice/contracts';
import * as v from 'valibot';

/**
 * What production refuses to start with (DESIGN §5: weak keys, weak first passwords, a `*` origin).
 * Each check answers the sentence an operator reads at start, or nothing when the setting is fine.
 */

export const SECRET_KEY_MIN_LENGTH = 32;
/**
 * Under this estimate a key is a pattern someone typed. The estimate of 32 random hex characters (128
 * bits) is never below 96 (a million draws), of `openssl rand -base64 48` over 300.
 */
export const SECRET_KEY_MIN_BITS = 90;
/** Fewer distinct characters than this is a word or a pattern (32 random hex characters show 9 or more). */
const SECRET_KEY_MIN_DISTINCT = 8;

const KEY_ADVICE = 'use a random value, e.g. `openssl rand -base64 48`';

/**
 * An estimate of a key's entropy in bits from its own characters: how often each occurs (Shannon,
 * with the Miller–Madow correction for a short sample) times the length. It cannot see a key drawn
 * from a dictionary, but it sees what people type when told "at least 32 characters": one character
 * repeated, a short word repeated, a keyboard run.
 */
export function estimatedKeyBits(key: string): number {
  const chars = [...key];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  if (counts.size > 1) perChar += (counts.size - 1) / (2 * chars.length * Math.LN2);
  return perChar * chars.length;
}

/** `abcabc…`: the key is one shorter piece said again and again. */
function repeatedPiece(chars: string[]): number | undefined {
  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((char, i) => i < period || char === chars[i - period])) return period;
  }
  return undefined;
}

/** `abcdef…`, `123456…`, `aaab…`: most neighbours one code point apart (or equal). */
function mostlySequential(chars: string[]): boolean {
  let steps = 0;
  for (let i = 1; i < chars.length; i++) {
    const delta = Math.abs((chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0));
    if (delta <= 1) steps++;
  }
  return steps > (chars.length - 1) / 2;
}

/** Why this SECRET_KEY would let someone forge tokens, or `undefined` when it looks random. */
export function secretKeyProblem(key: string | undefined): string | undefined {
  if (!key) return `SECRET_KEY must be set when NODE_ENV=production (${KEY_ADVICE})`;
  const chars = [...key];
  if (chars.length < SECRET_KEY_MIN_LENGTH) {
    return `SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters in production (it has ${chars.length}; ${KEY_ADVICE})`;
  }
  const distinct = new Set(chars).size;
  const weakness =
    distinct < SECRET_KEY_MIN_DISTINCT
      ? `only ${distinct} distinct characters`
      : repeatedPiece(chars) !== undefined
        ? `it repeats a piece of ${repeatedPiece(chars)} characters`
        : mostlySequential(chars)
          ? 'it is mostly a run of neighbouring characters'
          : estimatedKeyBits(key) < SECRET_KEY_MIN_BITS
            ? `about ${Math.floor(estimatedKeyBits(key))} bits of entropy, under ${SECRET_KEY_MIN_BITS}`
            : undefined;
  return weakness && `SECRET_KEY is not random enough for production (${weakness}; ${KEY_ADVICE})`;
}

/** The first super user's password must pass the same rule as every other password (contracts). */
export function firstSuperuserPasswordProblem(password: string, devDefault: string): string | undefined {
  if (password === devDefault) {
    return `FIRST_SUPERUSER_PASSWORD must not be "${devDefault}" when NODE_ENV=production`;
  }
  const result = v.safeParse(passwordRule, password);
  if (result.success) return undefined;
  return `FIRST_SUPERUSER_PASSWORD does not meet the password rule: ${result.issues.map((issue) => issue.message).join('; ')}`;
}

/**
 * `*` would let every web page call the API from its visitors' browsers; production names its origins.
 * So does `null`, the Origin of sandboxed frames and `data:` pages that any site can make. A wildcard
 * inside an origin (`https://*.example.com`) or a path is no origin a browser sends either.
 */
export function corsOriginsProblem(origins: readonly string[]): string | undefined {
  const wild = origins.filter((origin) => origin.includes('*') || normalizeOrigin(origin) === null);
  if (wild.length === 0) return undefined;
  return `CORS_ORIGINS must list real origins in production, not ${wild.map((o) => `"${o}"`).join(', ')} (e.g. https://backoffice.example.com)`;
}
