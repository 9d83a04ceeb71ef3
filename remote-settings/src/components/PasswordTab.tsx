import { useUpdatePasswordMe } from '@backoffice/api-client';
import { FormField, PasswordInput } from '@backoffice/ui';
import { mutateWithToast, useBlurForm } from '@backoffice/ui/kit';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect } from 'react';
import { type ChangePasswordFormValues, changePasswordDefaults, changePasswordSchema } from '../forms/settings-forms';
import { messages } from '../messages';

const t = messages.password;

/**
 * Senha (spec §2, §5): the server's errors (`Incorrect password`, same as current) go to the error toast.
 * A typed password is a change the page asks about before it is left (issue 28).
 */
export function PasswordTab({ onUnsavedChange }: { onUnsavedChange: (changed: boolean) => void }) {
  const changePassword = useUpdatePasswordMe();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useBlurForm(changePasswordSchema, { defaultValues: changePasswordDefaults });
  useEffect(() => onUnsavedChange(isDirty), [onUnsavedChange, isDirty]);

  const onSubmit = async (values: ChangePasswordFormValues) => {
    const outcome = await mutateWithToast(() => changePassword.mutateAsync(values), {
      success: { title: t.successTitle, description: t.successText },
    });
    if (outcome.ok) reset(changePasswordDefaults);
  };

  return (
    <Box maxW={{ base: 'full', md: 'md' }}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="md">
            {t.heading}
          </Heading>
          <FormField label={t.current} error={errors.current_password} required>
            <PasswordInput autoComplete="current-password" {...register('current_password')} />
          </FormField>
          <FormField label={t.new} error={errors.new_password} required>
            <PasswordInput autoComplete="new-password" {...register('new_password')} />
          </FormField>
          <FormField label={t.confirm} error={errors.confirm_password} required>
            <PasswordInput autoComplete="new-password" {...register('confirm_password')} />
          </FormField>
          <Box>
            {/* Keeps focus in the field on press: its blur validation would move this button before the click lands. */}
            <Button type="submit" loading={isSubmitting} onMouseDown={(event) => event.preventDefault()}>
              {t.save}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
