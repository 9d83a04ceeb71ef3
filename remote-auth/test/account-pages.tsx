import { type Answer, type Call, fakeApi, renderRoutes } from '@backoffice/ui/testing';
import { beforeEach } from 'vitest';
import Login from '../src/pages/Login';
import RecoverPassword from '../src/pages/RecoverPassword';
import ResetPassword from '../src/pages/ResetPassword';
import RevertEmailChange from '../src/pages/RevertEmailChange';
import Signup from '../src/pages/Signup';
import { paths } from '../src/paths';

export {
  type Answer,
  deferredAnswer as deferred,
  errorsOf,
  fieldByLabel as field,
} from '@backoffice/ui/testing';

/** The account screens on the shared page harness: every request they sent, and how the API answers. */
export const sent: Call[] = [];

export const json = (status: number, body: unknown): Answer => ({ status, body });

/** The reset page's link checks, apart from `sent` (they are not what a form sends). */
export const linkChecks: Call[] = [];
const linkWorks = () => json(200, { message: 'The reset link can be used' });
let linkCheck: () => Answer | 'unreachable' = linkWorks;

/** How the API answers the reset page's link check (by default: the link works). */
export function linkCheckAnswers(answer: () => Answer | 'unreachable') {
  linkCheck = answer;
}

/** The fake API answers every request with `answer` (`'unreachable'`: the server is down). */
export function answerWith(answer: () => Answer | Promise<Answer> | 'unreachable') {
  fakeApi((call) => {
    if (call.path === '/reset-password/check') {
      linkChecks.push(call);
      return linkCheck();
    }
    sent.push(call);
    return answer();
  });
}

beforeEach(() => {
  sent.length = 0;
  linkChecks.length = 0;
  linkCheck = linkWorks;
  answerWith(() => ({ status: 500 }));
});

export const HOME_TEXT = 'Página inicial (teste)';

/** The account routes and a stand-in home at `url`, signed out unless `signedIn`. */
export function renderAt(url: string, { signedIn = false } = {}) {
  return renderRoutes(
    [
      { path: paths.home, element: <p>{HOME_TEXT}</p> },
      { path: paths.login, Component: Login },
      { path: paths.signup, Component: Signup },
      { path: paths.recoverPassword, Component: RecoverPassword },
      { path: paths.resetPassword, Component: ResetPassword },
      { path: paths.revertEmailChange, Component: RevertEmailChange },
    ],
    url,
    { signedIn },
  );
}
