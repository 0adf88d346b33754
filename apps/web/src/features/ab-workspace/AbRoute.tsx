import { Navigate } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { useAuthToken, useMe } from '../../lib/use-session.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { FullPageStatus } from '../gate/FullPageStatus.tsx';
import { AbWorkspaceView } from './AbWorkspaceView.tsx';

/** /ab (spec 002 §2.1, §6): signed-in and active users only; anyone else is sent to /. */
export function AbRoute() {
  const token = useAuthToken();
  const me = useMe();
  if (!token) return <Navigate to="/" replace />;
  if (me.isPending) return <FullPageStatus message={MESSAGES.loading} />;
  const failure = me.error ? toApiFailure(me.error) : null;
  if (failure || !me.data || !me.data.is_active) return <Navigate to="/" replace />;
  return <AbWorkspaceView me={me.data} />;
}
