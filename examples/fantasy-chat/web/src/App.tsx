import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Suspense, lazy, type ComponentType } from "react";
import { Route, Router, Switch, type BaseLocationHook } from "wouter";
import { AccessGuard } from "./auth/AccessGuard";
import { useAuth } from "./auth/use-auth";
import Landing from "./pages/Landing";
import { Toaster } from "./toast/Toaster";
import { BillingIssueBanner } from "./subscription/BillingIssueBanner";
import { Brand } from "./ui/Brand";
import { SandboxNotice } from "./ui/SandboxNotice";
import { TooltipProvider } from "./ui/Tooltip";

// Every screen but the landing page (what a visitor sees first) is its own chunk.
const Home = lazy(() => import("./pages/Home"));
const Characters = lazy(() => import("./pages/Characters"));
const ChatPage = lazy(() => import("./chat/ChatPage"));
const Profile = lazy(() => import("./pages/Profile"));
const Subscribe = lazy(() => import("./subscribe/Subscribe"));
const TrialSetup = lazy(() => import("./pages/TrialSetup"));
const Preview = lazy(() => import("./pages/Preview"));
const Admin = lazy(() => import("./pages/Admin"));
const Subscription = lazy(() => import("./subscription/Subscription"));
const Receipt = lazy(() => import("./subscription/Receipt"));
const VerifyEmail = lazy(() => import("./account/account-pages").then((m) => ({ default: m.VerifyEmail })));
const ForgotPassword = lazy(() =>
  import("./account/account-pages").then((m) => ({ default: m.ForgotPassword })),
);
const ResetPassword = lazy(() =>
  import("./account/account-pages").then((m) => ({ default: m.ResetPassword })),
);
const AdminSetup = lazy(() => import("./account/account-pages").then((m) => ({ default: m.AdminSetup })));
const NotFound = lazy(() => import("./pages/NotFound"));

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

const guarded = (Screen: ComponentType) =>
  function GuardedScreen() {
    return (
      <AccessGuard>
        <Screen />
      </AccessGuard>
    );
  };

const GuardedHome = guarded(Home);
const GuardedCharacters = guarded(Characters);
const GuardedChat = guarded(ChatPage);
const GuardedProfile = guarded(Profile);

/** docs/product.md's route table. */
function AppRoutes() {
  const { isAuthenticated, isLoading, remembered } = useAuth();
  // A remembered user the server has yet to confirm: the pages' frame, never the landing page.
  const waiting = isLoading && remembered;
  const signedOut = !waiting && (isLoading || !isAuthenticated);
  return (
    <Suspense fallback={<PageShell />}>
      <Switch>
        <Route path="/preview" component={Preview} />
        <Route path="/verify-email" component={VerifyEmail} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/reset-password" component={ResetPassword} />
        <Route path="/admin-setup" component={AdminSetup} />
        {waiting ? (
          <Route component={PageShell} />
        ) : signedOut ? (
          <>
            <Route path="/" component={Landing} />
            <Route path="/subscribe" component={Landing} />
            <Route path="/characters" component={Landing} />
            <Route path="/chat/:id" component={Landing} />
            <Route path="/profile" component={Landing} />
            <Route path="/subscription" component={Landing} />
            <Route path="/subscription/receipts/:reference" component={Landing} />
            {/* Signed-in-only screens wait for the user rather than flash the not-found screen. */}
            {isLoading ? <Route path="/trial-setup" component={PageShell} /> : null}
            {isLoading ? <Route path="/admin" component={PageShell} /> : null}
          </>
        ) : (
          <>
            <Route path="/" component={GuardedHome} />
            <Route path="/characters" component={GuardedCharacters} />
            <Route path="/chat/:id" component={GuardedChat} />
            <Route path="/profile" component={GuardedProfile} />
            <Route path="/subscribe" component={Subscribe} />
            <Route path="/subscription" component={Subscription} />
            <Route path="/subscription/receipts/:reference" component={Receipt} />
            <Route path="/trial-setup" component={TrialSetup} />
            <Route path="/admin" component={Admin} />
          </>
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
