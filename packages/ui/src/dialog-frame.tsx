import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';

export interface DialogFrameProps extends Dialog.RootProps {
  /** Props of the dialog's box (e.g. `overflowWrap`). */
  contentProps?: Dialog.ContentProps;
}

/**
 * The frame every dialog of the product sits in: centred over a backdrop, in a portal, its parts mounted
 * only while it is open (a form or a question starts afresh at each opening). What it holds, its size
 * and how it closes are the caller's (`ConfirmDialog`, `FormDialog`, the companies import).
 */
export function DialogFrame({ children, contentProps, ...root }: DialogFrameProps) {
  return (
    <Dialog.Root placement="center" lazyMount unmountOnExit {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...contentProps}>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
