/** The paths of this area's screens: declared in remote.ts, built here by the links to them. */
export const ADMIN_PATH = '/admin';
export const ACTIVITY_PATH = '/admin/activity';
export const USER_HISTORY_PATH = '/admin/users/:id';

/** A user's data and history. */
export const userHistoryPath = (id: string) => USER_HISTORY_PATH.replace(':id', encodeURIComponent(id));

/** The activity list narrowed to what one user did. */
export const actorActivityPath = (id: string) => `${ACTIVITY_PATH}?${new URLSearchParams({ actor_id: id })}`;

/** A company's page: the companies area's screen, reached by its path alone (no import across areas). */
export const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;
