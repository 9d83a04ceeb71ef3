import { type Answer, type Call, errorsOf, fakeApi, fieldByLabel, renderRoutes } from '@backoffice/ui/testing';
import { waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
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

/** The user-event session of a page rendered by `renderAt`. */
export type User = ReturnType<typeof renderAt>['user'];

/** Leaves the field labelled `label` holding `value` (an empty one is only visited), as a person would. */
export async function blurWith(user: User, label: string, value: string) {
  await user.clear(fieldByLabel(label));
  if (value) await user.type(fieldByLabel(label), value);
  else await user.click(fieldByLabel(label));
  await user.tab();
}

/** For each `[value, errors]` in turn: the field is left holding the value, then shows exactly those errors. */
export async function expectErrorsOnBlur(user: User, label: string, steps: [value: string, errors: string[]][]) {
  for (const [value, errors] of steps) {
    await blurWith(user, label, value);
    await waitFor(() => expect(errorsOf(label)).toEqual(errors));
  }
}
