import { BlurFormSubmit } from '@backoffice/ui/kit';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { FormEventHandler, ReactNode } from 'react';

export interface AccountFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's label (`Entrar`, `Sign Up`, …). */
  submitLabel: string;
  /** The request is running. */
  submitting: boolean;
  /** The centred line under the button: where else to go (`Entrar`, `Voltar para o login`). */
  footer?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/**
 * The form of an account screen: its fields, the full-width submit button, then the line of where else
 * to go. While the request runs the button shows a spinner next to its label (so its accessible name
 * stays), is marked busy and is disabled, so it cannot be pressed twice. Like every blur-validated form's
 * submit, it keeps the focus in the field on press (`BlurFormSubmit`).
 */
export function AccountForm({ onSubmit, submitLabel, submitting, footer, children }: AccountFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        {children}
        <BlurFormSubmit w="full" loading={submitting} loadingText={submitLabel} aria-busy={submitting}>
          {submitLabel}
        </BlurFormSubmit>
        {footer && <Text textAlign="center">{footer}</Text>}
      </Stack>
    </form>
  );
}
