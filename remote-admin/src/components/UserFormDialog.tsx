import { useCreateUser, useUpdateUser } from '@backoffice/api-client';
import type { UserPublic } from '@backoffice/contracts';
import { FormField, PasswordInput } from '@backoffice/ui';
import { BlurFormSubmit, formDialog, mutateWithToast, useBlurForm, useFormDialogChanges } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { type Control, Controller } from 'react-hook-form';
import {
  addUserDefaults,
  addUserSchema,
  editUserDefaults,
  editUserSchema,
  toUserCreate,
  toUserUpdate,
  type UserFormValues,
} from '../forms/user-form';
import { messages } from '../messages';

export type UserFormDialogProps = ({ mode: 'add'; user?: undefined } | { mode: 'edit'; user: UserPublic }) & {
  open: boolean;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
};

function FlagCheckbox({
  control,
  name,
  label,
}: {
  control: Control<UserFormValues>;
  name: 'is_superuser' | 'is_active';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value}
          onCheckedChange={({ checked }) => field.onChange(checked === true)}
          name={field.name}
        >
          <Checkbox.HiddenInput onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

/**
 * Add user and Edit user (spec §2, §5) in the product's one dialog frame: e-mail, full name, password
 * and its confirmation, super user and active flags. The edit form's password is optional and left out
 * of the request when empty. The dialog saves, says so and closes; a refusal (a taken e-mail) shows in
 * the shared error toast. Each opening starts from the user's values (the form mounts per opening).
 */
export const UserFormDialog = formDialog(UserForm);

function UserForm(props: UserFormDialogProps) {
  const { mode, onClose } = props;
  const isEdit = mode === 'edit';
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useBlurForm(isEdit ? editUserSchema : addUserSchema, {
    defaultValues: isEdit ? editUserDefaults(props.user) : addUserDefaults,
  });
  useFormDialogChanges(isDirty);

  const onSubmit = async (values: UserFormValues) => {
    const outcome = isEdit
      ? await mutateWithToast(() => updateUser.mutateAsync({ id: props.user.id, body: toUserUpdate(values) }), {
          success: messages.userUpdated,
        })
      : await mutateWithToast(() => createUser.mutateAsync(toUserCreate(values)), { success: messages.userCreated });
    if (outcome.ok) onClose();
  };

  const t = messages.dialog;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Dialog.Header>
        <Dialog.Title>{isEdit ? t.editTitle : t.addTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Dialog.Description mb="4">{isEdit ? t.editDescription : t.addDescription}</Dialog.Description>
        <Stack gap="4">
          <FormField label={t.email} error={errors.email} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label={t.fullName} error={errors.full_name}>
            <Input autoComplete="off" {...register('full_name')} />
          </FormField>
          <FormField
            label={isEdit ? t.editPassword : t.password}
            error={errors.password}
            required={!isEdit}
            helperText={isEdit ? t.editPasswordHelp : undefined}
          >
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label={t.confirmPassword} error={errors.confirm_password} required={!isEdit}>
            <PasswordInput autoComplete="new-password" {...register('confirm_password')} />
          </FormField>
          <HStack gap="6" wrap="wrap">
            <FlagCheckbox control={control} name="is_superuser" label={t.isSuperuser} />
            <FlagCheckbox control={control} name="is_active" label={t.isActive} />
          </HStack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {/* Cancel discards without asking (the spec's Cancel resets the form). */}
        <Button type="button" variant="subtle" colorPalette="gray" onClick={onClose} disabled={isSubmitting}>
          {t.cancel}
        </Button>
        <BlurFormSubmit loading={isSubmitting}>{t.save}</BlurFormSubmit>
      </Dialog.Footer>
    </form>
  );
}
