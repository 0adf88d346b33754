import { Suspense, useState } from 'react';
import { Outlet, Route, RouterProvider, createBrowserRouter, createRoutesFromElements } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Notifications } from '@mantine/notifications';
import { TOASTS_VISIBLE } from '@ppp/contracts';
import { DisplayOptionsProvider } from '@ppp/ui';
import { trpc, createTrpcClient } from '../lib/trpc.ts';
import { toApiFailure } from '../lib/api-error.ts';
import { baseTheme } from './theme.ts';
import { RootGate } from '../features/gate/RootGate.tsx';
import {
  AbWorkspacePage,
  AcceptInvitePage,
  ContactPage,
  HelpPage,
  OnboardingDemoPage,
  PricingPage,
  PrivacyPage,
  TermsPage,
  VerifyPage,
  WebsiteBuilderGuidePage,
} from './lazy-routes.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import { ErrorPage } from '../features/errors/ErrorPage.tsx';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary.tsx';

/** Answers that a retry cannot change are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status, network } = toApiFailure(error);
  if (!network && status !== null && status < 500) return false;
  if (status === 503) return false;
  return failureCount < 2;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Paths that show the main application shell (spec 002 section 2.1). The shell's gate opens the
 * onboarding flow on /onboarding (for a signed-in user; a visitor sees the landing page).
 */
const SHELL_PATHS = ['/', '/dashboard', '/dashboard/*', '/admin', '/admin/*', '/onboarding'];

/** What every route is drawn in: a failure shows the error page, a lazy route its fallback. */
function AppFrame() {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </AppErrorBoundary>
  );
}

/**
 * A data router, so a screen can hold the user back from leaving with unsaved work (`useBlocker`:
 * links, the side navigation and the browser's back and forward).
 */
function makeRouter() {
  return createBrowserRouter(
    createRoutesFromElements(
      <Route element={<AppFrame />}>
        {SHELL_PATHS.map((path) => (
          <Route key={path} path={path} element={<RootGate />} />
        ))}
        <Route path="/ab" element={<AbWorkspacePage />} />
        <Route path="/onboarding-demo" element={<OnboardingDemoPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/error" element={<ErrorPage />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/subscriptions" element={<PricingPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/team/accept" element={<AcceptInvitePage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/docs/podcast-website-builder" element={<WebsiteBuilderGuidePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>,
    ),
  );
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(makeRouter);
  return (
    <DisplayOptionsProvider baseTheme={baseTheme}>
      <Notifications position="top-right" limit={TOASTS_VISIBLE} />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </DisplayOptionsProvider>
  );
}
