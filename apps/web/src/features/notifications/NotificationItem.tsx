import { Text, UnstyledButton } from '@mantine/core';
import { notificationPath, type TNotification } from '@ppp/contracts';

/** One notice in the bell's list, bold and tinted while unread; a press opens what it is about. */
export function NotificationItem({ notification: n, onOpen }: { notification: TNotification; onOpen: (n: TNotification) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: n.read_at ? undefined : 'var(--mantine-color-indigo-light)',
      }}
      aria-label={`${n.title}${n.read_at ? '' : ' (unread)'}`}
      data-link={notificationPath(n.link) ?? undefined}
    >
      <Text size="sm" fw={n.read_at ? 400 : 700}>
        {n.title}
      </Text>
      <Text size="xs">{n.body}</Text>
      <Text size="xs" c="dimmed">
        {n.created_at.toLocaleString()}
      </Text>
    </UnstyledButton>
  );
}
