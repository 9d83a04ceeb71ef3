import { CachedRead } from '../db/cached-read.js';
import type { ChannelRow, ReleasesRepository } from '../db/releases-repository.js';

/**
 * How long an instance may serve what it last read of the channels (who gets which version): a
 * promotion made on another instance reaches this one's pages within this time, and one made here at
 * once. Every file a page loads asks, so the read is shared for that long instead of repeated.
 */
export const CHANNELS_MAX_AGE_MS = 1_000;

/** The channels (remote → stable, canary), read at most once per `maxAgeMs`, and at once after invalidate(). */
export class ChannelsCache {
  readonly #channels: CachedRead<ReadonlyMap<string, ChannelRow>>;

  constructor(repository: ReleasesRepository, maxAgeMs = CHANNELS_MAX_AGE_MS) {
    this.#channels = new CachedRead(
      async () => new Map((await repository.channels()).map((channel) => [channel.remote, channel])),
      maxAgeMs,
    );
  }

  async all(): Promise<ReadonlyMap<string, ChannelRow>> {
    return this.#channels.current();
  }

  async get(remote: string): Promise<ChannelRow | undefined> {
    return (await this.all()).get(remote);
  }

  invalidate(): void {
    this.#channels.invalidate();
  }
}
