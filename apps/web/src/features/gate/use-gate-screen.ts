import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { setToken } from '../../lib/session.ts';
import { useAuthToken, useMe } from '../../lib/use-session.ts';
import { decideGate, maintenanceMessage } from './decide-gate.ts';
import { onboardingCompleted } from '../onboarding/onboarding-storage.ts';

/** What the gate decides from the config, the session, the user and their show count, with what the chosen screen needs. */
export function useGateScreen() {
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

  return {
    screen,
    user,
    signedIn: Boolean(token),
    googleSignIn: Boolean(config.data?.google_sign_in),
    maintenanceMessage: maintenanceMessage(maintenanceFromMe ? meFailure?.message : config.data?.maintenance_message, Boolean(token)),
    retry: () => {
      void config.refetch();
      if (token) void me.refetch();
    },
  };
}
