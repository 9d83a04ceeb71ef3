import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Toaster as ChakraToaster, createToaster, Toast } from '@chakra-ui/react/toast';
import { uiMessages } from './messages.js';

/**
 * The notices' machinery (Chakra's toast), loaded with the first notice by `toaster.tsx`. One store
 * for the whole page: this module belongs to the shared `@backoffice/ui`, so every app gets it.
 */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

/** Bottom-right, every notice closable (spec §8). */
export function ToasterView() {
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
