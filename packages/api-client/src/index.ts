/**
 * The public face of the API client: what screens, the shell and the embed may use. Screens reach
 * the API through the hooks only (a Biome rule keeps `useQuery`/`useMutation` out of them); the
 * fetchers and query options stay inside this package.
 */

export { useAuditEvents, useUserHistory } from './audit.js';
export {
  COMPANIES_PAGE_SIZE,
  type CompaniesPageParams,
  prefetchCompanies,
  useBulkCompanies,
  useCompanies,
  useCompaniesSummary,
  useCompany,
  useCompanyHistory,
  useCompanyImport,
  useCreateCompany,
  useDeleteCompany,
  useExportCompanies,
  useExportSelectedCompanies,
  useRelatedCompanies,
  useRestoreCompany,
  useUpdateCompany,
} from './companies.js';
// Runtime wiring, in one call at start-up: the base URL, the token's source, what a 401 does, the router
export { type BackofficeRuntimeConfig, getApiConfig, isSignupEnabled, readRuntimeConfig } from './config.js';
export { type ApiClientOptions, configureApiClient } from './configure.js';
// Errors
export { ApiError, isApiError, isUnknownRecord, NetworkError } from './errors.js';
export { type Download, isAbortError, type UnauthorizedHandler } from './http.js';
export { type ActiveSummary, type ListAnswer, type PageInfo, pageInfo } from './pagination.js';
export { useRecoverPassword, useResetLinkCheck, useResetPassword } from './password-recovery.js';
export { queryClient } from './query-client.js';
export type { MutationConfig, QueryConfig } from './query-config.js';
// Queries and mutations, one module per resource
export type { AuditEventsFilter } from './query-keys.js';
// Session
export {
  HOME_PATH,
  LOGIN_PATH,
  logout,
  type Navigate,
  requestCurrentUserEarly,
  useCurrentUser,
  useLogin,
  useRevertEmailChange,
} from './session.js';
export { clearToken, GREETING_STORAGE_KEY, getToken, type TokenSource } from './token.js';
export {
  USER_CHOICES_LIMIT,
  USERS_PAGE_SIZE,
  useCreateUser,
  useDeleteUser,
  useRegisterUser,
  useUpdatePasswordMe,
  useUpdateUser,
  useUpdateUserMe,
  useUser,
  useUserChoices,
  useUsers,
  useUsersSummary,
} from './users.js';
