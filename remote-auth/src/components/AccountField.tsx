import { fieldErrorMessages } from '@backoffice/ui';
import { Field } from '@chakra-ui/react/field';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

export interface AccountFieldProps {
  label: string;
  /** The field's validation error; every message in it is shown (criteriaMode `all`). */
  error?: FieldError;
  /** A message from outside the form rules, e.g. a failed login under the password field. */
  extraMessage?: string;
  required?: boolean;
  children: ReactNode;
}

/**
 * A labelled control with all of its errors in one error text. One element only: Chakra gives every
 * error text of a field the same id, which the input names in `aria-errormessage`.
 */
export function AccountField({ label, error, extraMessage, required, children }: AccountFieldProps) {
  const errors = fieldErrorMessages(error);
  if (extraMessage && !errors.includes(extraMessage)) errors.push(extraMessage);
  return (
    <Field.Root invalid={errors.length > 0} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {/* `fg.error` (red.500) is 3.8:1 on the light background, below WCAG AA for this text size. */}
      <Field.ErrorText flexDirection="column" alignItems="flex-start" color={{ _light: 'red.700', _dark: 'fg.error' }}>
        {errors.map((message) => (
          <Text as="span" key={message}>
            {message}
          </Text>
        ))}
      </Field.ErrorText>
    </Field.Root>
  );
}
