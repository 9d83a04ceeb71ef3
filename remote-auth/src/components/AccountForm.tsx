import { BlurFormSubmit } from '@backoffice/ui/kit';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';

export interface AccountFormProps<TValues extends FieldValues, TOutput> {
  /** The screen's `useBlurForm`: the form submits through it, and the button follows its `isSubmitting`. */
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Sends the valid values. */
  onValid: SubmitHandler<TOutput>;
  /** Runs at every submit, before the form rules, even when they stop it (`/login` clears its error). */
  onSubmitStart?: () => void;
  /** The submit button's label (`Entrar`, `Sign Up`, …). */
  submitLabel: string;
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
export function AccountForm<TValues extends FieldValues, TOutput>({
  form,
  onValid,
  onSubmitStart,
  submitLabel,
  footer,
  children,
}: AccountFormProps<TValues, TOutput>) {
  const submit = form.handleSubmit(onValid);
  const submitting = form.formState.isSubmitting;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        onSubmitStart?.();
        return submit(event);
      }}
    >
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
