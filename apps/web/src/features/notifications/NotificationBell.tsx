import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { trpc } from '../../lib/trpc.ts';

const POLL_MS = 30_000;

/** The top bar's bell (spec 002 §2.3): unread count, the list newest first, mark one or all read. */
export function NotificationBell() {
  const utils = trpc.useUtils();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: POLL_MS });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: false });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const count = unread.data?.unread ?? 0;

  return (
    <Popover width={340} position="bottom-end" shadow="md" onOpen={() => void list.refetch()}>
      <Popover.Target>
        <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4}>
          <ActionIcon variant="default" size="lg" aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}>
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={700}>Notifications</Text>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Stack gap={4}>
            {(list.data ?? []).length === 0 && (
              <Text size="sm" c="dimmed">
                No notifications yet.
              </Text>
            )}
            {(list.data ?? []).map((n) => (
              <UnstyledButton
                key={n.id}
                onClick={() => !n.read_at && markRead.mutate({ id: n.id })}
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: n.read_at ? undefined : 'var(--mantine-color-indigo-light)',
                }}
                aria-label={`${n.title}${n.read_at ? '' : ' (unread)'}`}
              >
                <Text size="sm" fw={n.read_at ? 400 : 700}>
                  {n.title}
                </Text>
                <Text size="xs">{n.body}</Text>
                <Text size="xs" c="dimmed">
                  {n.created_at.toLocaleString()}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
