import type { ChannelRow, ReleasesRepository } from '../db/releases-repository.js';

/**
 * How long an instance may serve what it last read of the channels (who gets which version): a
 * promotion made on another instance reaches this one's pages within this time, and one made here at
 * once. Every file a page loads asks, so the read is shared for that long instead of repeated.
 */
export const CHANNELS_MAX_AGE_MS = 1_000;

/** The channels (remote → stable, canary), read at most once per `maxAgeMs`, and at once after invalidate(). */
export class ChannelsCache {
  #channels: ReadonlyMap<string, ChannelRow> | undefined;
  #loadedAt = 0;
  #loading: Promise<ReadonlyMap<string, ChannelRow>> | undefined;
  /** Bumped by invalidate(): a read that started before it does not store its (older) answer. */
  #generation = 0;

  constructor(
    private readonly repository: ReleasesRepository,
    private readonly maxAgeMs = CHANNELS_MAX_AGE_MS,
  ) {}

  async all(): Promise<ReadonlyMap<string, ChannelRow>> {
    if (this.#channels && Date.now() - this.#loadedAt < this.maxAgeMs) return this.#channels;
    this.#loading ??= this.#load();
    return this.#loading;
  }

  async get(remote: string): Promise<ChannelRow | undefined> {
    return (await this.all()).get(remote);
  }

  invalidate(): void {
    this.#generation++;
    this.#channels = undefined;
    this.#loading = undefined;
  }

  async #load(): Promise<ReadonlyMap<string, ChannelRow>> {
    const generation = this.#generation;
    try {
      const channels = new Map((await this.repository.channels()).map((channel) => [channel.remote, channel]));
      if (generation === this.#generation) {
        this.#channels = channels;
        this.#loadedAt = Date.now();
      }
      return channels;
    } finally {
      if (generation === this.#generation) this.#loading = undefined;
    }
  }
}
