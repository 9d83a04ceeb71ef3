/**
 * What `cli.ts` asks of the tools' entry (src/cli/tools.ts), which is compiled apart into
 * `dist-tools/` and loaded by path: only this interface joins the two builds.
 */
export interface ToolsModule {
  /** The tools' lines of the usage text. */
  usage: string;
  /**
   * Runs one tool command. Resolves with the exit code, -1 when the process must keep running, or
   * undefined when `command` is no tool.
   */
  run(command: string, args: string[]): Promise<number | undefined>;
}
