import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { notificationPath, type TNotification } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

const POLL_MS = 30_000;

/** The top bar's bell (spec 002 §2.3): unread count, the list newest first, mark one or all read; a notice opens what it is about. */
export function NotificationBell() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: POLL_MS });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: false });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const count = unread.data?.unread ?? 0;

  function open(n: TNotification) {
    if (!n.read_at) markRead.mutate({ id: n.id });
    const path = notificationPath(n.link);
    if (!path) return;
    setOpened(false);
    void navigate(path);
  }

  return (
    <Popover width={340} position="bottom-end" shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
            onClick={() => {
              if (!opened) void list.refetch();
              setOpened(!opened);
            }}
          >
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
                onClick={() => open(n)}
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
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
