/** What only signed-in pages use, loaded as one chunk (see routes/router.tsx). */
export { Dashboard } from '../pages/Dashboard';
export { ProtectedLayout } from './ProtectedLayout';
