import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { readToken } from '../../lib/session.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { connectSpreakerPopup } from '../../lib/spreaker-popup.ts';

/** Connect or disconnect Spreaker (spec 001 §4 'Hosting connection'): a popup, then the status is read again. */
export function SpreakerConnection({ compact = false }: { compact?: boolean }) {
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

  if (status.data && !status.data.configured) {
    return (
      <Text size="sm" c="dimmed">
        Spreaker is not set up on this server; your shows use the built-in host.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text fw={600} size={compact ? 'sm' : 'md'}>
          Spreaker
        </Text>
        {status.data?.connected ? (
          <Badge color="green">Connected{status.data.name ? ` as ${status.data.name}` : ''}</Badge>
        ) : (
          <Badge color="gray">Not connected</Badge>
        )}
      </Group>
      <Group gap="sm">
        {status.data?.connected ? (
          <Button size="xs" variant="default" onClick={() => void disconnectNow()} loading={disconnect.isPending}>
            Disconnect
          </Button>
        ) : (
          <Button size="xs" onClick={() => void connect()} loading={waiting}>
            Connect Spreaker
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
