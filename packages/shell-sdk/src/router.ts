/**
 * The react-router APIs the apps use. Shared as part of @vouch/shell-sdk so there is one router
 * (one history, one context) for the shell and every remote it renders (DESIGN §1a).
 */
export {
  BrowserRouter,
  HashRouter,
  Link as RouterLink,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
