import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from './trpc.ts';
import { forgetTabWork, readToken, setToken, subscribeToken } from './session.ts';
import { retryUserFetch, userFetchRetryDelay } from './user-fetch-retry.ts';
import { setWorkspace } from './workspace-store.ts';
import { forgetAccountTraces } from './account-traces.ts';

/** The bearer token held by this browser, kept in step with storage and other tabs. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(
    subscribeToken,
    () => readToken(),
    () => null,
  );
}

/** The signed-in user; idle (no request) without a token. A failure is retried with backoff, the gate still loading meanwhile. */
export function useMe() {
  const token = useAuthToken();
  return trpc.users.me.useQuery(undefined, { enabled: Boolean(token), retry: retryUserFetch, retryDelay: userFetchRetryDelay });
}

/** Signs in with email and password; resolves once the token is stored and the user reloads. */
export function useSignIn() {
  const { mutateAsync: login, isPending } = trpc.auth.login.useMutation();
  const queryClient = useQueryClient();
  const signIn = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await login({ username: email, password });
      setToken(access_token);
      await queryClient.resetQueries();
    },
    [login, queryClient],
  );
  return { signIn, pending: isPending };
}

/** Ends the session on the server (best effort) and forgets the token, the chosen workspace and every cached answer. */
export function useSignOut() {
  const { mutateAsync: logout } = trpc.auth.logout.useMutation();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (readToken()) {
      try {
        await logout();
      } catch {
        // The session may already be gone (expired, revoked): signing out locally is what matters.
      }
    }
    setToken(null);
    setWorkspace(null);
    forgetTabWork();
    forgetAccountTraces();
    queryClient.clear();
    await queryClient.resetQueries();
  }, [logout, queryClient]);
}
