import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { readToken } from '../../lib/session.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { connectSpreakerPopup } from '../../lib/spreaker-popup.ts';

/** The Spreaker connection: its status, Connect (a popup, then the status read again) and Disconnect. */
export function useSpreakerConnection() {
  const utils = trpc.useUtils();
  const status = trpc.spreaker.status.useQuery();
  const disconnect = trpc.spreaker.disconnect.useMutation();
  const ticket = trpc.spreaker.connectTicket.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  async function connect() {
    if (!readToken()) return setError(SPREAKER_MESSAGES.notSignedIn);
    setError(null);
    setWaiting(true);
    try {
      await connectSpreakerPopup(async () => (await ticket.mutateAsync()).ticket);
      const fresh = await utils.spreaker.status.fetch(undefined, { staleTime: 0 });
      if (fresh.connected) notifications.show({ color: 'green', message: 'Spreaker connected' });
      await utils.spreaker.status.invalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : SPREAKER_MESSAGES.connectFailed);
    } finally {
      setWaiting(false);
    }
  }

  async function disconnectNow() {
    try {
      await disconnect.mutateAsync();
      await utils.spreaker.status.invalidate();
    } catch (err) {
      setError(toApiFailure(err).message ?? SPREAKER_MESSAGES.connectFailed);
    }
  }

  return { status: status.data, error, waiting, disconnecting: disconnect.isPending, connect, disconnectNow };
}
