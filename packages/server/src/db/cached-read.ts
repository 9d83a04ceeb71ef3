/**
 * What a read of the database answered, served for `maxAgeMs` instead of reading again: the askers of
 * one moment share one read, and after invalidate() the next asker reads at once. An answer older
 * than the last invalidate() is never stored, so a change made here is never hidden by a slow read.
 */
export class CachedRead<T> {
  #value: T | undefined;
  #loadedAt = 0;
  #loading: Promise<T> | undefined;
  /** Bumped by invalidate(): a read that started before it does not store its (older) answer. */
  #generation = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly maxAgeMs: number,
  ) {}

  /** The value itself while it is fresh (no await on the hot path), else the read under way. */
  current(): T | Promise<T> {
    if (this.#value !== undefined && Date.now() - this.#loadedAt < this.maxAgeMs) return this.#value;
    this.#loading ??= this.#load();
    return this.#loading;
  }

  invalidate(): void {
    this.#generation++;
    this.#value = undefined;
    this.#loading = undefined;
  }

  async #load(): Promise<T> {
    const generation = this.#generation;
    try {
      const value = await this.read();
      if (generation === this.#generation) {
        this.#value = value;
        this.#loadedAt = Date.now();
      }
      return value;
    } finally {
      if (generation === this.#generation) this.#loading = undefined;
    }
  }
}
