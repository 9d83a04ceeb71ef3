import { getToken, HOME_PATH, LOGIN_PATH } from '@backoffice/api-client';
import { redirect } from 'react-router-dom';

/** Public account routes are only for people who are not logged in (spec §2). */
export function publicOnlyLoader() {
  return getToken() ? redirect(HOME_PATH) : null;
}

/** Protected routes need a stored access token (spec §2). */
export function protectedLoader() {
  return getToken() ? null : redirect(LOGIN_PATH);
}
