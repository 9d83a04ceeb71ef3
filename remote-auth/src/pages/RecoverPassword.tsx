import { recoverPassword } from '@backoffice/api-client';
import { FormField, showErrorToast, showSuccessToast } from '@backoffice/ui';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { SubmitButton } from '../components/SubmitButton';
import { recoverPasswordErrorMessage } from '../forms/errors';
import { recoverPasswordSchema } from '../forms/schemas';
import { messages } from '../messages';
import { paths } from '../paths';

/** `/recover-password`: asks the API to e-mail a reset link to the address. */
export default function RecoverPassword() {
  const recover = useMutation({ mutationFn: recoverPassword });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: valibotResolver(recoverPasswordSchema),
    mode: 'onBlur',
    criteriaMode: 'all',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await recover.mutateAsync(email);
    } catch (error) {
      showErrorToast(messages.recoverErrorTitle, recoverPasswordErrorMessage(error));
      return;
    }
    showSuccessToast(messages.emailSentTitle, messages.emailSentText);
    reset();
  });

  return (
    <AccountPage title={messages.recoverPasswordTitle} intro={messages.recoverPasswordIntro}>
      <form noValidate onSubmit={submit}>
        <Stack gap="4">
          <FormField label={messages.emailLabel} error={errors.email} required>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <SubmitButton label={messages.recoverButton} loading={isSubmitting} />
          <Text textAlign="center">
            <RouterLink to={paths.login}>{messages.backToLogin}</RouterLink>
          </Text>
        </Stack>
      </form>
    </AccountPage>
  );
}
