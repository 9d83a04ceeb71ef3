import { useRevertEmailChange } from '@backoffice/api-client';
import { AlertMessage } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountPage } from '../components/AccountPage';
import { RouterLink } from '../components/RouterLink';
import { revertEmailChangeErrorMessage } from '../forms/errors';
import { messages } from '../messages';
import { paths } from '../paths';

/**
 * `/revert-email-change?token=…`: the link mailed to an account's old address after its e-mail changed.
 * Nothing happens on opening it (mail scanners open links); a button undoes the change, which ends every
 * session of the account, this browser's too. Open whether or not someone is logged in here: the owner
 * may still be, with the session someone else used to make the change.
 */
export default function RevertEmailChange() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <AccountPage title={messages.revertEmailTitle} intro={token ? messages.revertEmailIntro : undefined}>
      {token ? (
        <Revert token={token} />
      ) : (
        <Outcome status="error" text={messages.revertEmailInvalidLinkText} focus={false} />
      )}
    </AccountPage>
  );
}

function Revert({ token }: { token: string }) {
  const revert = useRevertEmailChange();
  if (revert.isSuccess) {
    return <Outcome status="success" title={messages.revertEmailDoneTitle} text={messages.revertEmailDoneText} />;
  }
  return (
    <Stack gap="4">
      {revert.isError && (
        <Outcome
          status="error"
          title={messages.revertEmailFailedTitle}
          text={revertEmailChangeErrorMessage(revert.error)}
          link={false}
        />
      )}
      <Button
        w="full"
        loading={revert.isPending}
        loadingText={messages.revertEmailButton}
        aria-busy={revert.isPending}
        onClick={() => revert.mutate({ token })}
      >
        {messages.revertEmailButton}
      </Button>
      <Text textAlign="center">
        <RouterLink to={paths.login}>{messages.backToLogin}</RouterLink>
      </Text>
    </Stack>
  );
}

/** The result, announced (role=alert) and, after the button, focused so the keyboard lands on it. */
function Outcome({
  status,
  title,
  text,
  link = true,
  focus = true,
}: {
  status: 'success' | 'error';
  title?: string;
  text: string;
  link?: boolean;
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Stack gap="4">
      <AlertMessage status={status} role="alert" ref={ref} tabIndex={-1} title={title} text={text} />
      {link && (
        <Text textAlign="center">
          <RouterLink to={paths.login}>{messages.goToLogin}</RouterLink>
        </Text>
      )}
    </Stack>
  );
}
