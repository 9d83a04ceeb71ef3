/**
 * Marks a list (the table, the phone's cards) as where the focus goes when the row whose dialog closed
 * is gone; the list has `tabIndex={-1}` so that it can take the focus.
 */
export const ROW_LIST_ATTRIBUTE = 'data-row-list';

/** What a row's dialog was opened from, read when it opens: at close the row may be gone. */
export interface FocusOrigin {
  /** The row's actions button. */
  trigger: HTMLElement;
  /** The list the row was in. */
  list: HTMLElement | null;
  /** The document, or the companies embed's shadow root: where the page's heading is looked for. */
  root: Document | ShadowRoot | null;
}

export function focusOriginOf(trigger: HTMLElement | null): FocusOrigin | null {
  if (!trigger) return null;
  const root = trigger.getRootNode();
  return {
    trigger,
    list: trigger.closest<HTMLElement>(`[${ROW_LIST_ATTRIBUTE}]`),
    root: root instanceof Document || root instanceof ShadowRoot ? root : null,
  };
}

/**
 * Where the focus goes when a row's dialog closes: the row's actions button while it is still on the
 * page; once the row is gone (deleted, or moved off the page by an edit), the list it was in, else the
 * page's heading (an emptied list shows no table). Never `<body>`, where keyboard and screen-reader
 * users would lose their place.
 */
export function returnFocusTarget(origin: FocusOrigin | null): HTMLElement | null {
  if (!origin) return null;
  if (origin.trigger.isConnected) return origin.trigger;
  if (origin.list?.isConnected) return origin.list;
  return origin.root?.querySelector<HTMLElement>('h1') ?? null;
}
