import { isSignupEnabled, useRegisterUser } from '@backoffice/api-client';
import { SIGNUP_FULL_NAME_MIN_LENGTH } from '@backoffice/contracts';
import { FormField, showErrorToast } from '@backoffice/ui';
import { AlertMessage, mutateWithToast, NewPasswordFields, useBlurForm } from '@backoffice/ui/kit';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from 'react-router-dom';
import { AccountForm } from '../components/AccountForm';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { signupErrorMessage } from '../forms/errors';
import { signupSchema } from '../forms/schemas';
import { messages } from '../messages';
import { paths } from '../paths';

/**
 * `/signup`: sends only e-mail, full name and password; success goes to `/login` with a notice. When the
 * server refuses sign-up (SIGNUP_ENABLED=false) the page says so instead (someone may still hold an old link).
 */
export default function Signup() {
  return (
    <AccountPage title={messages.signupTitle}>{isSignupEnabled() ? <SignupForm /> : <SignupDisabled />}</AccountPage>
  );
}

function SignupDisabled() {
  return (
    <Stack gap="4">
      <AlertMessage status="info" title={messages.signupDisabledTitle} text={messages.signupDisabledText} />
      <Text textAlign="center">
        {messages.haveAccount} <RouterLink to={paths.login}>{messages.loginLink}</RouterLink>
      </Text>
    </Stack>
  );
}

function SignupForm() {
  const navigate = useNavigate();
  const registerUser = useRegisterUser();
  const form = useBlurForm(signupSchema, {
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <AccountForm
      form={form}
      onValid={async ({ email, full_name, password }) => {
        // Only these three are sent: the confirmation stays in the form.
        const outcome = await mutateWithToast(() => registerUser.mutateAsync({ email, full_name, password }), {
          success: messages.accountCreated,
          failure: (error) => showErrorToast(messages.signupErrorTitle, signupErrorMessage(error)),
        });
        if (outcome.ok) await navigate(paths.login);
      }}
      submitLabel={messages.signupButton}
      footer={
        <>
          {messages.haveAccount} <RouterLink to={paths.login}>{messages.loginLink}</RouterLink>
        </>
      }
    >
      <FormField label={messages.fullNameLabel} error={errors.full_name} required>
        <Input autoComplete="name" minLength={SIGNUP_FULL_NAME_MIN_LENGTH} {...register('full_name')} />
      </FormField>
      <FormField label={messages.emailLabel} error={errors.email} required>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <NewPasswordFields
        form={form}
        password="password"
        labels={{ password: messages.passwordLabel, confirmation: messages.confirmPasswordLabel }}
      />
    </AccountForm>
  );
}
