/**
 * What the apps get when they import `react-router-dom` (see ROUTER_FACADE in ../shared.ts): the
 * router APIs the product uses, and only those. A shared module is provided whole, because the
 * build cannot know what another app will use; shared as the full package, react-router costs
 * every page ~100 KB of code nobody calls. A test keeps this list ⊇ what the apps import.
 */

export {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  useBlocker,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
