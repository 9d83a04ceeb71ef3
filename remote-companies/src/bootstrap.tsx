import { mountStandalone } from '@backoffice/ui/standalone';
import { Navigate } from 'react-router-dom';
import CompaniesPage from './pages/CompaniesPage';
import CompanyPage from './pages/CompanyPage';

// Standalone run for this area's team; the shell does not load this file.
mountStandalone([
  { path: '/companies', Component: CompaniesPage },
  { path: '/companies/:id', Component: CompanyPage },
  { path: '*', element: <Navigate to="/companies" replace /> },
]);
