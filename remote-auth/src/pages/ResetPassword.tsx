import { isApiError, useResetLinkCheck, useResetPassword } from '@backoffice/api-client';
import { showErrorToast } from '@backoffice/ui';
import { AlertMessage, mutateWithToast, NewPasswordFields, useBlurForm } from '@backoffice/ui/kit';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountForm } from '../components/AccountForm';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { resetPasswordErrorMessage } from '../forms/errors';
import { resetPasswordSchema } from '../forms/schemas';
import { messages } from '../messages';
import { paths } from '../paths';

/** `/reset-password?token=…`: the link of the recovery e-mail; sets a new password. */
export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <AccountPage title={messages.resetPasswordTitle} intro={token ? messages.resetPasswordIntro : undefined}>
      {token ? <CheckedLink token={token} /> : <InvalidLink text={messages.invalidLinkText} />}
    </AccountPage>
  );
}

/**
 * The link is checked as the page opens (issue 28: an expired or used link was refused only after
 * both passwords were typed). A refused link says why and offers a new one; a check that could not be
 * made (server unreachable) leaves the form, whose submit then says what happened.
 */
function CheckedLink({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  if (check.isPending) {
    return (
      <Text role="status" color="fg.muted" textAlign="center">
        {messages.checkingLink}
      </Text>
    );
  }
  if (isApiError(check.error) && check.error.status === 400) {
    return <InvalidLink text={resetPasswordErrorMessage(check.error)} />;
  }
  return <ResetPasswordForm token={token} />;
}

function InvalidLink({ text }: { text: string }) {
  return (
    <Stack gap="4">
      <AlertMessage status="error" role="alert" title={messages.invalidLinkTitle} text={text} />
      <Text textAlign="center">
        <RouterLink to={paths.recoverPassword}>{messages.requestNewLink}</RouterLink>
      </Text>
    </Stack>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useBlurForm(resetPasswordSchema, { defaultValues: { new_password: '', confirm_password: '' } });

  const resetWith = async ({ new_password }: { new_password: string }) => {
    const outcome = await mutateWithToast(() => reset.mutateAsync({ new_password, token }), {
      success: { title: messages.resetSuccessTitle, description: messages.resetSuccessText },
      failure: (error) => showErrorToast(messages.resetErrorTitle, resetPasswordErrorMessage(error)),
    });
    if (outcome.ok) await navigate(paths.login);
  };

  return (
    <AccountForm
      form={form}
      onValid={resetWith}
      submitLabel={messages.resetButton}
      footer={<RouterLink to={paths.login}>{messages.backToLogin}</RouterLink>}
    >
      <NewPasswordFields
        form={form}
        password="new_password"
        labels={{ password: messages.newPasswordLabel, confirmation: messages.confirmNewPasswordLabel }}
      />
    </AccountForm>
  );
}
