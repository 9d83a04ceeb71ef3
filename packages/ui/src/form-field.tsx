import { Field } from '@chakra-ui/react/field';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/**
 * Every message of a field error. With `criteriaMode: 'all'` react-hook-form keeps all of them in
 * `types` (a string or a list per rule); otherwise only `message` is there.
 */
export function fieldErrorMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const messages: string[] = [];
  const add = (message: unknown) => {
    if (typeof message === 'string' && message && !messages.includes(message)) messages.push(message);
  };
  add(error.message);
  for (const value of Object.values(error.types ?? {})) {
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  return messages;
}

export interface FormFieldProps {
  label: ReactNode;
  error?: FieldError;
  required?: boolean;
  helperText?: ReactNode;
  /** A message from outside the form rules, shown with them (e.g. a failed login under the password). */
  extraMessage?: string;
  children: ReactNode;
}

/** A labelled form control that shows every error of its field. */
export function FormField({ label, error, required, helperText, extraMessage, children }: FormFieldProps) {
  const messages = fieldErrorMessages(error);
  if (extraMessage && !messages.includes(extraMessage)) messages.push(extraMessage);
  return (
    <Field.Root invalid={messages.length > 0} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && messages.length === 0 && <Field.HelperText>{helperText}</Field.HelperText>}
      {messages.length > 0 && (
        // One error element (Chakra gives each ErrorText of a field the same id), one line per message.
        <Field.ErrorText flexDirection="column" alignItems="flex-start">
          {messages.length === 1 ? messages[0] : messages.map((message) => <span key={message}>{message}</span>)}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
