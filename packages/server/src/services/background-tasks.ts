import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for: what would make its answer slower for some inputs than
 * for others (a password-recovery mail for an existing account and none for an unknown one: timing
 * would say which addresses have accounts), or hang it on a mail server. A failure is logged, never
 * thrown at anyone; closing the app waits for what is still running, so a shutdown sends what it owes.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: () => FastifyBaseLogger) {}

  /**
   * Starts `task` on a later turn of the event loop; the caller goes on (and answers) without it.
   * `failure` is the log line's message if it throws.
   */
  run(failure: string, task: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log().error({ err }, failure))
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves once every task started so far has ended (tests, and the app's close). */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
