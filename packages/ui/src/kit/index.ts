/**
 * The list-screen kit (`@backoffice/ui/kit`): what every screen of a remote is built from. Not part of
 * the shared `@backoffice/ui` singleton that the shell loads at start: each remote bundles the pieces
 * it uses, so the first screen carries none of it. Shared state (the toaster, messages, the Chakra
 * system) is imported from `@backoffice/ui`, never by a relative path, so there is one of each.
 */
export { AlertMessage, type AlertMessageProps } from './alert-message.js';
export { CardList } from './card-list.js';
export { type Column, DataTable, type DataTableProps } from './data-table.js';
export { DeleteDialog, type DeleteDialogProps } from './delete-dialog.js';
export { DetailsItem, DetailsList } from './details-list.js';
export { FILTER_KEYS_DEBOUNCE_MS, FilterSelect, type FilterSelectProps } from './filter-select.js';
export { FiltersFold } from './filters-fold.js';
export { useBlurForm } from './form.js';
export { FormDialog, type FormDialogProps, formDialog, useFormDialogChanges } from './form-dialog.js';
export { BlurFormSubmit } from './form-submit.js';
export {
  AuditChangeList,
  auditActionText,
  auditActorName,
  auditByLine,
  auditChanges,
  HistoryTimeline,
  type HistoryTimelineProps,
  type RecordPageState,
  recordPage,
  UnknownRecord,
} from './history.js';
export { historyMessages } from './history-messages.js';
export {
  KeysetList,
  type KeysetListProps,
  type KeysetQuery,
  LoadMore,
  type LoadMoreProps,
} from './keyset-list.js';
export { ListTotal, type ListTotalProps } from './list-total.js';
export { type MutationOutcome, mutateWithToast, type Notice, type ToastOptions } from './mutation-toast.js';
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields.js';
export { PageFrame, type PageFrameProps, PageFrameSkeleton } from './page-frame.js';
export { type ListQuery, PagedTable, type PagedTableProps } from './paged-table.js';
export { usePausedCommit } from './paused-commit.js';
export { PHONE_MEDIA_QUERY, usePhoneLayout } from './phone-layout.js';
export {
  editDeleteActions,
  type RowAction,
  RowActionsMenu,
  type RowActionsMenuProps,
  type RowDialog,
  type RowDialogFocus,
  useRowDialog,
  useRowDialogs,
} from './row-actions.js';
export { saveFile } from './save-file.js';
export { type RowSelection, SelectAllCheckbox, SelectionCheckbox, useRowSelection } from './selection.js';
export { SortSelect, type SortSelectProps } from './sort-select.js';
export { ariaSortOf, nextSort, readSort, type SortDirection, sortParam } from './sorting.js';
export { LoadError, type LoadErrorProps, StatusPanel, type StatusPanelProps } from './status-panel.js';
export { DiscardChangesDialog, type DiscardChangesDialogProps, useLeaveGuard } from './unsaved-changes.js';
export {
  applyListSearch,
  type ListSearch,
  type ListSearchChanges,
  type ListSearchSchema,
  pageParam,
  readListSearch,
  useListSearchParams,
  usePageParam,
} from './url-state.js';
