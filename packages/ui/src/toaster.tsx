import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Toaster as ChakraToaster, createToaster, Toast } from '@chakra-ui/react/toast';
import { uiMessages } from './messages.js';

/** The one toaster: bottom-right, every notice closable (spec §8). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger aria-label={uiMessages.close} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

export function showSuccessToast(title: string, description?: string): string {
  return toaster.create({ type: 'success', title, description, closable: true });
}

export function showErrorToast(title: string, description?: string): string {
  return toaster.create({ type: 'error', title, description, closable: true });
}

/** The message to show for any error: the API's detail (ApiError.message) or a generic sentence. */
export function errorMessage(error: unknown, fallback: string = uiMessages.unexpectedError): string {
  if (error instanceof Error && error.message && error.name !== 'NetworkError') return error.message;
  return fallback;
}

/** The shared error toast of mutations (spec §8 "Other mutation errors"). */
export function handleError(error: unknown): string {
  return showErrorToast(uiMessages.errorTitle, errorMessage(error));
}
