import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { FiEdit2, FiMoreVertical, FiTrash2 } from 'react-icons/fi';
import { type FocusOrigin, focusOriginOf, returnFocusTarget } from './focus-return.js';

export interface RowAction {
  value: string;
  label: string;
  icon: ReactNode;
  /** Receives the menu's button, to which the dialog this opens gives the focus back. */
  onSelect: (trigger: HTMLElement | null) => void;
  /** Shown in the error colour (delete). */
  danger?: boolean;
}

export interface RowActionsMenuProps {
  /** The button's accessible name, naming the row (`Ações para {name}`). */
  label: string;
  actions: readonly RowAction[];
  /** The menu cannot be opened (the signed-in user's own row, spec §6); `disabledReason` says why. */
  disabled?: boolean;
  disabledReason?: string;
}

/** A row's actions behind one button, usable from the keyboard (Enter, arrows, Escape). */
export function RowActionsMenu({ label, actions, disabled, disabledReason }: RowActionsMenuProps) {
  // The dialogs give the focus back to this button (the menu item that opened them is gone by then).
  const trigger = useRef<HTMLButtonElement>(null);
  // The pop-up's parts (portal, positioner, content) are rendered from the first opening on, in the
  // very render that opens it: a menu never opened costs its row no more than its button and state
  // machine (a closed positioner still works out its styles in every render of the list's rows).
  const [opened, setOpened] = useState(false);
  const button = (
    <IconButton
      ref={trigger}
      variant="ghost"
      colorPalette="gray"
      size="sm"
      aria-label={label}
      disabled={disabled}
      title={disabled ? disabledReason : undefined}
    >
      <FiMoreVertical aria-hidden />
    </IconButton>
  );
  if (disabled) return button;
  return (
    // Per-item onClick rather than Menu onSelect: zag only reports a pointer selection after it saw the
    // pointer modality, which it cannot inside the companies embed's shadow root; Enter also clicks.
    // A row's menu is rendered when opened, not once per row on every page.
    <Menu.Root
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(details) => {
        if (details.open) setOpened(true);
      }}
    >
      <Menu.Trigger asChild>{button}</Menu.Trigger>
      {opened && (
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="36">
              {actions.map((action) => (
                <Menu.Item
                  key={action.value}
                  value={action.value}
                  onClick={() => action.onSelect(trigger.current)}
                  {...(action.danger ? { color: 'fg.error', _highlighted: { bg: 'bg.error' } } : {})}
                >
                  {action.icon}
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      )}
    </Menu.Root>
  );
}

/**
 * A list's usual pair of row actions: `edit` and `delete`, each opening its dialog on `row` through
 * `open` (a `useRowDialog`'s), which keeps the menu's button for the focus to come back to.
 */
export function editDeleteActions<TRow>(
  row: TRow,
  open: (kind: 'edit' | 'delete', row: TRow, trigger: HTMLElement | null) => void,
  labels: { edit: string; delete: string },
): RowAction[] {
  return [
    {
      value: 'edit',
      label: labels.edit,
      icon: <FiEdit2 aria-hidden />,
      onSelect: (trigger) => open('edit', row, trigger),
    },
    {
      value: 'delete',
      label: labels.delete,
      icon: <FiTrash2 aria-hidden />,
      danger: true,
      onSelect: (trigger) => open('delete', row, trigger),
    },
  ];
}

/** Which dialog a row action opened, on which row. */
export interface RowDialog<TRow, TKind extends string> {
  kind: TKind;
  row: TRow;
}

/**
 * The dialog a row's action opened, and where the focus goes when it closes (see `returnFocusTarget`;
 * the origin is kept in a ref, so it is still known while the dialog closes after the state cleared).
 */
export function useRowDialog<TRow, TKind extends string>() {
  const [current, setCurrent] = useState<RowDialog<TRow, TKind> | null>(null);
  const origin = useRef<FocusOrigin | null>(null);
  const open = useCallback((kind: TKind, row: TRow, trigger: HTMLElement | null) => {
    origin.current = focusOriginOf(trigger);
    setCurrent({ kind, row });
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const finalFocusEl = useCallback(() => returnFocusTarget(origin.current), []);
  return { current, open, close, finalFocusEl };
}

/** What a row's dialog is given to close and to give the focus back (to the row's menu button). */
export interface RowDialogFocus {
  onClose: () => void;
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * A list's edit and delete of its rows, wired once: `actionsOf(row)` is the row menu's two actions,
 * `editing` / `deleting` the row whose dialog is open (or null), and `focus` what each dialog takes to
 * close and give the focus back to that row's menu button (`useRowDialog`).
 */
export function useRowDialogs<TRow>(labels: { edit: string; delete: string }) {
  const { current, open, close, finalFocusEl } = useRowDialog<TRow, 'edit' | 'delete'>();
  return {
    actionsOf: (row: TRow) => editDeleteActions(row, open, labels),
    editing: current?.kind === 'edit' ? current.row : null,
    deleting: current?.kind === 'delete' ? current.row : null,
    focus: { onClose: close, finalFocusEl } satisfies RowDialogFocus,
  };
}
