/** What a route tells the frame about itself (react-router's `handle`). */
export interface ScreenHandle {
  /** The remote page it renders (`remote_<name>/<Expose>`). */
  remote?: string;
  /** The document title while it is shown. */
  title?: string;
}
