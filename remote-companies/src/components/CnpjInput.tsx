import { Input, type InputProps } from '@chakra-ui/react/input';
import { type ChangeEvent, forwardRef } from 'react';
import { maskCnpjInput } from '../forms/company-form';
import { messages } from '../messages';

export interface CnpjInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A CNPJ field that applies the mask as the person types (numeric or alphanumeric CNPJ). */
export const CnpjInput = forwardRef<HTMLInputElement, CnpjInputProps>(function CnpjInput(
  { value, onChange, ...rest },
  ref,
) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const masked = maskCnpjInput(input.value, input.selectionStart ?? input.value.length);
    onChange(masked.value);
    // React commits the new value in a microtask queued by onChange; this one runs right after it and
    // before the next keystroke, so the caret stays where the person is typing even when typing fast.
    queueMicrotask(() => {
      const root = input.getRootNode() as Document | ShadowRoot;
      if (root.activeElement === input) input.setSelectionRange(masked.caret, masked.caret);
    });
  };
  return (
    <Input
      ref={ref}
      value={value}
      onChange={handleChange}
      placeholder={messages.form.taxIdPlaceholder}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={18}
      {...rest}
    />
  );
});
