/**
 * How long a wait goes unmarked before a loading indicator shows (the navigation's progress bar, a
 * list's placeholder rows): what arrives sooner appears at once, with no indicator flashing in
 * between — and none rendered, which is work the page would otherwise do for nothing.
 */
export const LOADING_INDICATOR_DELAY_MS = 150;
