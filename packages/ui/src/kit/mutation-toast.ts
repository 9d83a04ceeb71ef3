import { handleError, showSuccessToast } from '@backoffice/ui';

/** A notice: a title, or a title with a text under it. */
export type Notice = string | { title: string; description?: string };

export interface ToastOptions<TData> {
  /** What a success says (spec §8's notices); may read the answer. */
  success: Notice | ((data: TData) => Notice);
  /** Says a failure instead of the shared error toast (`Algo deu errado` + the API's detail). */
  failure?: (error: unknown) => void;
}

export type MutationOutcome<TData> = { ok: true; data: TData } | { ok: false; error: unknown };

function show(notice: Notice) {
  if (typeof notice === 'string') showSuccessToast(notice);
  else showSuccessToast(notice.title, notice.description);
}

/**
 * Runs a mutation and tells the person how it went: the success notice, or the error notice (a
 * dialog stays open and its form keeps what was typed). Never throws: the caller reads `ok` and goes
 * on (closes the dialog, resets the form, navigates) only after a success.
 */
export async function mutateWithToast<TData>(
  run: () => Promise<TData>,
  options: ToastOptions<TData>,
): Promise<MutationOutcome<TData>> {
  let data: TData;
  try {
    data = await run();
  } catch (error) {
    (options.failure ?? handleError)(error);
    return { ok: false, error };
  }
  show(typeof options.success === 'function' ? options.success(data) : options.success);
  return { ok: true, data };
}
