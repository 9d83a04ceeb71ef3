import { useUpdateUserMe } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { FormField } from '@backoffice/ui';
import { BlurFormSubmit, mutateWithToast, useBlurForm } from '@backoffice/ui/kit';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { type ProfileFormValues, profileDefaults, profileSchema } from '../forms/settings-forms';
import { messages } from '../messages';
import { SettingsForm } from './SettingsForm';

const t = messages.profile;

/**
 * Meu Perfil (spec §2, §4): view mode until `Editar`; `Salvar` only once something changed and the
 * e-mail is not empty; `Cancel` resets and returns to view mode; a save refreshes everything.
 */
export function ProfileTab({
  user,
  onUnsavedChange,
}: {
  user: UserPublic;
  onUnsavedChange: (changed: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const updateMe = useUpdateUserMe();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useBlurForm(profileSchema, { defaultValues: profileDefaults(user) });
  const email = watch('email');
  // Leaving the page (a menu link, Back, closing the tab) with unsaved changes asks first (issue 28).
  useEffect(() => onUnsavedChange(editing && isDirty), [onUnsavedChange, editing, isDirty]);

  const startEditing = () => {
    reset(profileDefaults(user));
    setEditing(true);
  };
  const cancel = () => {
    reset(profileDefaults(user));
    setEditing(false);
  };
  const onSubmit = async (values: ProfileFormValues) => {
    const outcome = await mutateWithToast(
      () => updateMe.mutateAsync({ full_name: values.full_name, email: values.email }),
      { success: t.updated },
    );
    if (!outcome.ok) return;
    reset(profileDefaults(outcome.data));
    setEditing(false);
  };

  return (
    <SettingsForm heading={t.heading} onSubmit={handleSubmit(onSubmit)}>
      {editing ? (
        <>
          <FormField label={t.fullName} error={errors.full_name}>
            <Input autoComplete="name" {...register('full_name')} />
          </FormField>
          <FormField label={t.email} error={errors.email} required>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
        </>
      ) : (
        <Stack as="dl" gap="4">
          <Box>
            <Text as="dt" fontSize="sm" fontWeight="medium">
              {t.fullName}
            </Text>
            <Text as="dd" color={user.full_name ? undefined : 'fg.muted'} truncate>
              {user.full_name || t.noFullName}
            </Text>
          </Box>
          <Box>
            <Text as="dt" fontSize="sm" fontWeight="medium">
              {t.email}
            </Text>
            <Text as="dd" truncate>
              {user.email}
            </Text>
          </Box>
        </Stack>
      )}
      <HStack gap="3">
        {editing ? (
          <>
            <BlurFormSubmit loading={isSubmitting} disabled={!isDirty || !email?.trim()}>
              {t.save}
            </BlurFormSubmit>
            <Button type="button" variant="subtle" colorPalette="gray" onClick={cancel} disabled={isSubmitting}>
              {t.cancel}
            </Button>
          </>
        ) : (
          <Button type="button" variant="outline" onClick={startEditing}>
            {t.edit}
          </Button>
        )}
      </HStack>
    </SettingsForm>
  );
}
