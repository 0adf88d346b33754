import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useSpreakerConnection } from './use-spreaker-connection.ts';

/** Connect or disconnect Spreaker (spec 001 §4 'Hosting connection'): a popup, then the status is read again. */
export function SpreakerConnection({ compact = false }: { compact?: boolean }) {
  const { status, error, waiting, disconnecting, connect, disconnectNow } = useSpreakerConnection();
  if (status && !status.configured) {
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
        {status?.connected ? (
          <Badge color="green">Connected{status.name ? ` as ${status.name}` : ''}</Badge>
        ) : (
          <Badge color="gray">Not connected</Badge>
        )}
      </Group>
      <Group gap="sm">
        {status?.connected ? (
          <Button size="xs" variant="default" onClick={() => void disconnectNow()} loading={disconnecting}>
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
