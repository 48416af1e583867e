import { MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import type { FailureRoute, SessionStore } from '../../application/stores/session.store';
import type { Step } from '../../domain/flow';
import { flowRouteName } from '../../domain/redirect-token';
import { assertNever } from '../../domain/result';
import { FailurePage } from './pages/failure-page';
import { LoadingPage } from './pages/loading-page';
import { AppShell } from './shell/app-shell';
import { FlowLayout } from './shell/flow-layout';
import { StepSwitch } from './shell/step-switch';

/** Spec §2 "Routes": the path segment of each step under `{product}_accc_aisp`. */
const STEP_PATHS: Readonly<Record<Step, string>> = {
  login: 'authentication-username-and-otp',
  selectProfile: 'select-profile',
  selectAccounts: 'select-and-confirm',
  confirmation: 'confirmation',
};

/**
 * Issue 15: the route of the pre-rendered login form while the token is verified (its brand, so
 * its flow route, is not known yet). It shows the same layout and step as a brand's flow route,
 * so the form stays in place when the flow route takes over. No brand route can be named so
 * (they end in `_accc_aisp`).
 */
const PRERENDERED_LOGIN_ROUTE = 'login';

/** Spec §2 error routes, the keys outage (service unavailable) and a request already finished (issue 33 item 5). */
const FAILURE_ROUTES: readonly FailureRoute[] = ['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure', 'service_unavailable', 'already_completed'];

/**
 * Spec §2 "Routes": the path that shows SessionStore's screen: the loading screen at `/`, a
 * failure page at its route, a flow step at `/{brand}_accc_aisp/{step path}`.
 */
export function pathOfSession(session: Pick<SessionStore, 'screen' | 'step' | 'token' | 'awaitingLogin'>): string {
  const screen = session.screen;
  switch (screen.kind) {
    case 'loading':
      return session.awaitingLogin ? `/${PRERENDERED_LOGIN_ROUTE}/${STEP_PATHS.login}` : '/';
    case 'failure':
      return `/${screen.route}`;
    case 'flow':
      return session.token === undefined ? '/' : `/${flowRouteName(session.token)}/${STEP_PATHS[session.step]}`;
    default:
      return assertNever(screen);
  }
}

/** Issue 15: the brand's flow route takes over the pre-rendered login form: the same step, the same page. */
export function isTakeOver(from: string, to: string): boolean {
  return from === `/${PRERENDERED_LOGIN_ROUTE}/${STEP_PATHS.login}` && to.endsWith(`/${STEP_PATHS.login}`);
}

/**
 * Spec §2 route table: the flow route with its step children (the start page and any other
 * child path show the login step's route), the failure routes, and `*` the loading screen. Every
 * step route renders the step switch, which follows the store.
 *
 * The flow route is one dynamic segment, `:flow`, not one route per configured brand: the model
 * decides which flow routes exist (spec §2 "If no such child route exists … incorrect_jwt" is
 * `onVerified`'s check against the configured brands), and the router only ever goes where
 * `pathOfSession` sends it. So the route tree does not depend on the configuration, and the
 * pre-rendered form's route and the brand's are the same route: React keeps every node of the
 * form when the brand's route takes over (issue 20). The failure routes are static segments,
 * which React Router ranks above `:flow`.
 */
function appRoutes(): RouteObject[] {
  const stepChildren: RouteObject[] = [
    { index: true, element: <StepSwitch /> },
    ...Object.values(STEP_PATHS).map((path): RouteObject => ({ path, element: <StepSwitch /> })),
    { path: '*', element: <StepSwitch /> },
  ];
  return [
    {
      path: '/',
      element: <AppShell />,
      children: [
        { path: ':flow', element: <FlowLayout />, children: stepChildren },
        ...FAILURE_ROUTES.map((route): RouteObject => ({ path: route, element: <FailurePage /> })),
        { path: '*', element: <LoadingPage /> },
        { index: true, element: <LoadingPage /> },
      ],
    },
  ];
}

/** The routes as the router matches them at `path`. */
function RoutesAt({ path }: { readonly path: string }) {
  return useRoutes(appRoutes(), path);
}

/**
 * DESIGN §3.6: a memory router whose location is the session's path (`pathOfSession`): the
 * browser's address stays the entry URL, and no step adds a history entry. Declarative mode
 * (issue 20, first-screen bytes): the app never navigates through the router, it only matches
 * the session's path, so the data router's loaders, actions and navigation state are not shipped.
 * A render error inside the routes is caught by the app's error boundary (`AppErrorBoundary`).
 */
export function AppRoutes({ path }: { readonly path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <RoutesAt path={path} />
    </MemoryRouter>
  );
}
