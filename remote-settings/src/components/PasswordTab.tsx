import { useUpdatePasswordMe } from '@backoffice/api-client';
import { FormField, PasswordInput } from '@backoffice/ui';
import { BlurFormSubmit, mutateWithToast, NewPasswordFields, useBlurForm } from '@backoffice/ui/kit';
import { Box } from '@chakra-ui/react/box';
import { useEffect } from 'react';
import { type ChangePasswordFormValues, changePasswordDefaults, changePasswordSchema } from '../forms/settings-forms';
import { messages } from '../messages';
import { SettingsForm } from './SettingsForm';

const t = messages.password;

/**
 * Senha (spec §2, §5): the server's errors (`Incorrect password`, same as current) go to the error toast.
 * A typed password is a change the page asks about before it is left (issue 28).
 */
export function PasswordTab({ onUnsavedChange }: { onUnsavedChange: (changed: boolean) => void }) {
  const changePassword = useUpdatePasswordMe();
  const form = useBlurForm(changePasswordSchema, { defaultValues: changePasswordDefaults });
  const { register, handleSubmit, reset } = form;
  const { errors, isDirty, isSubmitting } = form.formState;
  useEffect(() => onUnsavedChange(isDirty), [onUnsavedChange, isDirty]);

  const onSubmit = async (values: ChangePasswordFormValues) => {
    const outcome = await mutateWithToast(() => changePassword.mutateAsync(values), {
      success: { title: t.successTitle, description: t.successText },
    });
    if (outcome.ok) reset(changePasswordDefaults);
  };

  return (
    <SettingsForm heading={t.heading} onSubmit={handleSubmit(onSubmit)}>
      <FormField label={t.current} error={errors.current_password} required>
        <PasswordInput autoComplete="current-password" {...register('current_password')} />
      </FormField>
      <NewPasswordFields form={form} password="new_password" labels={{ password: t.new, confirmation: t.confirm }} />
      <Box>
        <BlurFormSubmit loading={isSubmitting}>{t.save}</BlurFormSubmit>
      </Box>
    </SettingsForm>
  );
}
