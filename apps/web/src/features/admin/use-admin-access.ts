import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/**
 * The admin check is the summary call: a 403 says so and goes back to the dashboard. The spec's hash
 * links (#/admin/jobs) open the tab they name. `checking` is true until the caller may show the panel.
 */
export function useAdminAccess(): { checking: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const summary = trpc.admin.summary.useQuery(undefined, { retry: false });
  const denied = summary.isError && toApiFailure(summary.error).status === 403;
  useEffect(() => {
    if (!denied) return;
    notifications.show({ color: 'red', title: MESSAGES.adminAccessDenied, message: MESSAGES.adminFallback });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate]);
  const hashPath = location.hash.startsWith('#/admin') ? location.hash.slice(1) : null;
  useEffect(() => {
    if (hashPath) void navigate(hashPath, { replace: true });
  }, [hashPath, navigate]);
  return { checking: summary.isPending || denied };
}
