import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { VERIFY_SUCCESS, verifyBodyFrom, verifyFailureState, type TVerifyState } from './verify-request.ts';

/** Confirms the email named by the page's query (token and email, or a link's token) once, and says how it went. */
export function useVerifyEmail(): TVerifyState {
  const [search] = useSearchParams();
  const query = search.toString();
  const [state, setState] = useState<TVerifyState>({ status: 'idle' });
  const { mutateAsync: confirm } = trpc.auth.confirmEmail.useMutation();

  useEffect(() => {
    const body = verifyBodyFrom(new URLSearchParams(query));
    let cancelled = false;
    // The first state change happens after a microtask, so React never renders a stale state.
    void Promise.resolve().then(async () => {
      if (cancelled) return;
      if (!body) {
        setState({ status: 'error', message: MESSAGES.missingVerificationToken });
        return;
      }
      setState({ status: 'verifying' });
      const result = await confirm(body).then(
        () => VERIFY_SUCCESS,
        (err: unknown) => verifyFailureState(err),
      );
      if (!cancelled) setState(result);
    });
    return () => {
      cancelled = true;
    };
  }, [query, confirm]);

  return state;
}
