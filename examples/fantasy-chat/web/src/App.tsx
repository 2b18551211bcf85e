import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { parse as parsePattern } from "regexparam";
import { Suspense, type ComponentType } from "react";
import { Route, Router, Switch, type BaseLocationHook } from "wouter";
import { AccessGuard } from "./auth/AccessGuard";
import { useAuth } from "./auth/use-auth";
import Landing from "./pages/Landing";
import { Toaster } from "./toast/Toaster";
import { BillingIssueBanner } from "./subscription/BillingIssueBanner";
import { Brand } from "./ui/Brand";
import { SandboxNotice } from "./ui/SandboxNotice";
import { TooltipProvider } from "./ui/Tooltip";
import { lazyScreen, type LazyScreen } from "./ui/lazy-screen";

// Every screen but the landing page (what a visitor sees first) is its own chunk.
const Home = lazyScreen(() => import("./pages/Home"));
const Characters = lazyScreen(() => import("./pages/Characters"));
const ChatPage = lazyScreen(() => import("./chat/ChatPage"));
const Profile = lazyScreen(() => import("./pages/Profile"));
const Subscribe = lazyScreen(() => import("./subscribe/Subscribe"));
const TrialSetup = lazyScreen(() => import("./pages/TrialSetup"));
const Preview = lazyScreen(() => import("./pages/Preview"));
const Admin = lazyScreen(() => import("./pages/Admin"));
const Subscription = lazyScreen(() => import("./subscription/Subscription"));
const Receipt = lazyScreen(() => import("./subscription/Receipt"));
const accountPage = (name: "VerifyEmail" | "ForgotPassword" | "ResetPassword" | "AdminSetup") =>
  lazyScreen(() => import("./account/account-pages").then((m) => ({ default: m[name] })));
const NotFound = lazyScreen(() => import("./pages/NotFound"));

/**
 * What stands in for a screen while its code or its user loads: the pages' own frame (the top bar with the
 * wordmark over an empty content column), so the screen fills it in place rather than replacing a spinner, and
 * never the landing page. Screen readers hear that it is loading.
 */
function PageShell() {
  return (
    <div className="page" aria-busy="true">
      <header className="topbar">
        <Brand />
      </header>
      <main className="content">
        <p className="sr-only" role="status">
          Loading
        </p>
      </main>
    </div>
  );
}

/** A screen behind the access guard; fetching its chunk ahead fetches the screen's. */
const guarded = (Screen: LazyScreen): LazyScreen =>
  Object.assign(
    function GuardedScreen() {
      return (
        <AccessGuard>
          <Screen />
        </AccessGuard>
      );
    },
    { preload: Screen.preload },
  );

/** A route: its path pattern (wouter's) and the screen drawn there, which may be fetched ahead. */
type Routes = readonly (readonly [
  path: string,
  screen: ComponentType & Partial<Pick<LazyScreen, "preload">>,
])[];

const EVERYONE_ROUTES: Routes = [
  ["/preview", Preview],
  ["/verify-email", accountPage("VerifyEmail")],
  ["/forgot-password", accountPage("ForgotPassword")],
  ["/reset-password", accountPage("ResetPassword")],
  ["/admin-setup", accountPage("AdminSetup")],
];

const SIGNED_OUT_ROUTES: Routes = [
  "/",
  "/subscribe",
  "/characters",
  "/chat/:id",
  "/profile",
  "/subscription",
  "/subscription/receipts/:reference",
].map((path) => [path, Landing] as const);

const SIGNED_IN_ROUTES: Routes = [
  ["/", guarded(Home)],
  ["/characters", guarded(Characters)],
  ["/chat/:id", guarded(ChatPage)],
  ["/profile", guarded(Profile)],
  ["/subscribe", Subscribe],
  ["/subscription", Subscription],
  ["/subscription/receipts/:reference", Receipt],
  ["/trial-setup", TrialSetup],
  ["/admin", Admin],
];

const routeElements = (routes: Routes) =>
  routes.map(([path, screen]) => <Route key={path} path={path} component={screen} />);

/**
 * Fetches the chunk of the screen a first render draws at `path` — for the user this device remembers when
 * `signedIn`, for a visitor otherwise — so that render draws it at once. Resolves (never rejects) when it has
 * arrived or could not be fetched (the screen then loads as it is drawn).
 *
 * @example
 * void preloadScreen(location.pathname, true).then(() => root.render(<App queryClient={queryClient} />));
 */
export async function preloadScreen(path: string, signedIn: boolean): Promise<void> {
  const routes = [...EVERYONE_ROUTES, ...(signedIn ? SIGNED_IN_ROUTES : SIGNED_OUT_ROUTES)];
  // The patterns are matched as wouter matches them (its default parser is regexparam's).
  const screen = routes.find(([pattern]) => parsePattern(pattern).pattern.test(path))?.[1] ?? NotFound;
  await screen.preload?.().catch(() => undefined);
}

/** docs/product.md's route table. */
function AppRoutes() {
  const { isAuthenticated, isLoading, remembered } = useAuth();
  // A remembered user the server has yet to confirm: the pages' frame, never the landing page.
  const waiting = isLoading && remembered;
  const signedOut = !waiting && (isLoading || !isAuthenticated);
  return (
    <Suspense fallback={<PageShell />}>
      <Switch>
        {routeElements(EVERYONE_ROUTES)}
        {waiting ? (
          <Route component={PageShell} />
        ) : signedOut ? (
          <>
            {routeElements(SIGNED_OUT_ROUTES)}
            {/* Signed-in-only screens wait for the user rather than flash the not-found screen. */}
            {isLoading ? <Route path="/trial-setup" component={PageShell} /> : null}
            {isLoading ? <Route path="/admin" component={PageShell} /> : null}
          </>
        ) : (
          routeElements(SIGNED_IN_ROUTES)
        )}
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}

/**
 * The whole client: data, tooltips, routes and the notifications region. Tests pass their own query client
 * and a memory location.
 *
 * @example
 * createRoot(el).render(<App queryClient={createQueryClient()} />);
 */
export function App({ queryClient, hook }: { queryClient: QueryClient; hook?: BaseLocationHook }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <SandboxNotice />
        <Router {...(hook ? { hook } : {})}>
          <BillingIssueBanner />
          <AppRoutes />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
