import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { SPREAKER_CONNECT } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The callback's query flag (spec 001 §2): ?spreaker_connected=true on the settings page when the
 * popup had no opener. It is announced, the status is read again, and the flag leaves the URL.
 */
export function useSpreakerConnectedFlag(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(SPREAKER_CONNECT.queryFlag) !== 'true') return;
    params.delete(SPREAKER_CONNECT.queryFlag);
    notifications.show({ color: 'green', message: 'Spreaker connected' });
    void utils.spreaker.status.invalidate();
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate, utils]);
}
