import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { setToken } from '../../lib/session.ts';
import { useAuthToken, useMe } from '../../lib/use-session.ts';
import { decideGate, maintenanceMessage } from './decide-gate.ts';
import { FullPageStatus } from './FullPageStatus.tsx';
import { LandingPage } from '../landing/LandingPage.tsx';
import { onboardingCompleted } from '../onboarding/onboarding-storage.ts';
import {
  CheckoutReturnPage,
  MaintenancePage,
  OnboardingPage,
  TermsAcceptancePage,
  WaitlistPage,
  WorkspaceLayout,
} from './lazy-screens.tsx';

/** The main application shell: decides, in the spec's order, which screen this visit sees. */
export function RootGate() {
  const token = useAuthToken();
  const location = useLocation();
  const [search] = useSearchParams();
  const config = trpc.public.config.useQuery();
  const me = useMe();
  const meFailure = me.error ? toApiFailure(me.error) : null;

  // A 401 on the user means the session is gone: sign out locally.
  const unauthorized = meFailure?.status === 401;
  useEffect(() => {
    if (unauthorized) setToken(null);
  }, [unauthorized]);

  const maintenanceFromMe = meFailure?.code === 'MAINTENANCE';
  const user = token && me.data ? me.data : null;
  // Step 7 waits for the show count; step 8 opens onboarding when there is none.
  const shows = trpc.podcasts.list.useQuery(undefined, { enabled: Boolean(user?.is_active) });
  const screen = decideGate({
    hydrated: config.status !== 'pending' && (!token || me.status !== 'pending'),
    maintenance: Boolean(config.data?.maintenance_mode) || maintenanceFromMe,
    user,
    path: location.pathname,
    search,
    workspaceLoading: Boolean(user?.is_active) && shows.isPending,
    showCount: shows.data ? shows.data.length : null,
    onboardingCompleted: onboardingCompleted(),
  });

  switch (screen) {
    case 'loading':
      return <FullPageStatus message={MESSAGES.loading} />;
    case 'maintenance':
      return (
        <MaintenancePage
          message={maintenanceMessage(maintenanceFromMe ? meFailure?.message : config.data?.maintenance_message, Boolean(token))}
          signedIn={Boolean(token)}
          onRetry={() => {
            void config.refetch();
            if (token) void me.refetch();
          }}
        />
      );
    case 'waitlist':
      return user ? <WaitlistPage me={user} /> : null;
    case 'checkout-return':
      return <CheckoutReturnPage />;
    case 'landing':
      return <LandingPage googleSignIn={Boolean(config.data?.google_sign_in)} />;
    case 'preparing':
      return <FullPageStatus message={MESSAGES.preparingWorkspace} />;
    case 'onboarding':
      return user ? <OnboardingPage me={user} /> : null;
    case 'terms':
      return user ? <TermsAcceptancePage me={user} /> : null;
    case 'settings':
    case 'workspace':
      return user ? <WorkspaceLayout me={user} /> : null;
  }
}
