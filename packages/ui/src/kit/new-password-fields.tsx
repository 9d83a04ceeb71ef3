import { FormField, PasswordInput } from '@backoffice/ui';
import type { FieldError, FieldValues, FormState, Path, UseFormRegister } from 'react-hook-form';

export interface NewPasswordFieldsProps<TValues extends FieldValues> {
  /** The screen's `useBlurForm`. */
  form: { register: UseFormRegister<TValues>; formState: NoInfer<FormState<TValues>> };
  /** The new password's field. */
  password: NoInfer<Path<TValues>>;
  /** Its confirmation's field: `confirm_password` unless said, as in `withPasswordsMatch`. */
  confirmation?: NoInfer<Path<TValues>>;
  /** The two labels, in the screen's words. */
  labels: { password: string; confirmation: string };
}

/**
 * A new password and its confirmation (sign-up, reset, settings): two required password inputs that a
 * password manager fills as a new password. The form's schema compares them (`withPasswordsMatch`).
 */
export function NewPasswordFields<TValues extends FieldValues>({
  form,
  password,
  confirmation = 'confirm_password' as Path<TValues>,
  labels,
}: NewPasswordFieldsProps<TValues>) {
  const fields = [
    { name: password, label: labels.password },
    { name: confirmation, label: labels.confirmation },
  ];
  return fields.map(({ name, label }) => (
    <FormField key={name} label={label} error={form.formState.errors[name] as FieldError | undefined} required>
      <PasswordInput autoComplete="new-password" {...form.register(name)} />
    </FormField>
  ));
}
