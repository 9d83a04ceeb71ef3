import { isSignupEnabled, useLogin } from '@backoffice/api-client';
import { FormField, PasswordInput } from '@backoffice/ui';
import { useBlurForm } from '@backoffice/ui/kit';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Link as ReactRouterLink } from 'react-router-dom';
import { AccountForm } from '../components/AccountForm';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { loginErrorMessage } from '../forms/errors';
import { loginSchema } from '../forms/schemas';
import { messages } from '../messages';
import { paths } from '../paths';

/** `/login`: e-mail (sent as `username`) and password; success stores the token and goes to `/`. */
export default function Login() {
  const login = useLogin();
  const form = useBlurForm(loginSchema, { defaultValues: { username: '', password: '' } });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <AccountPage title={messages.loginTitle}>
      <AccountForm
        form={form}
        onValid={async (credentials) => {
          try {
            // The session helper stores the token, clears the caches and goes to `/`.
            await login.mutateAsync(credentials);
          } catch {
            // Shown under the password field from the mutation's error.
          }
        }}
        // Errors clear at each new submit (spec §4), even one the form rules stop.
        onSubmitStart={login.reset}
        submitLabel={messages.loginButton}
        footer={
          isSignupEnabled() && (
            <>
              {messages.noAccount} <RouterLink to={paths.signup}>{messages.signupLink}</RouterLink>
            </>
          )
        }
      >
        <FormField label={messages.emailLabel} error={errors.username} required>
          <Input type="email" autoComplete="username" inputMode="email" {...register('username')} />
        </FormField>
        <FormField
          label={messages.passwordLabel}
          error={errors.password}
          extraMessage={login.isError ? loginErrorMessage(login.error) : undefined}
          required
        >
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <Link asChild variant="underline" alignSelf="flex-end" fontSize="sm">
          <ReactRouterLink to={paths.recoverPassword}>{messages.forgotPassword}</ReactRouterLink>
        </Link>
      </AccountForm>
    </AccountPage>
  );
}
