import { useRecoverPassword } from '@backoffice/api-client';
import { FormField, showErrorToast } from '@backoffice/ui';
import { mutateWithToast, useBlurForm } from '@backoffice/ui/kit';
import { Input } from '@chakra-ui/react/input';
import { AccountForm } from '../components/AccountForm';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { recoverPasswordErrorMessage } from '../forms/errors';
import { recoverPasswordSchema } from '../forms/schemas';
import { messages } from '../messages';
import { paths } from '../paths';

/** `/recover-password`: asks the API to e-mail a reset link to the address. */
export default function RecoverPassword() {
  const recover = useRecoverPassword();
  const form = useBlurForm(recoverPasswordSchema, { defaultValues: { email: '' } });
  const { errors } = form.formState;

  const send = async ({ email }: { email: string }) => {
    // The address stays in the field after the notice: the reader sees where the mail went.
    await mutateWithToast(() => recover.mutateAsync(email), {
      success: { title: messages.emailSentTitle, description: messages.emailSentText },
      failure: (error) => showErrorToast(messages.recoverErrorTitle, recoverPasswordErrorMessage(error)),
    });
  };

  return (
    <AccountPage title={messages.recoverPasswordTitle} intro={messages.recoverPasswordIntro}>
      <AccountForm
        form={form}
        onValid={send}
        submitLabel={messages.recoverButton}
        footer={<RouterLink to={paths.login}>{messages.backToLogin}</RouterLink>}
      >
        <FormField label={messages.emailLabel} error={errors.email} required>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </FormField>
      </AccountForm>
    </AccountPage>
  );
}
