import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { NotificationItem } from './NotificationItem.tsx';
import { useNotificationBell } from './use-notification-bell.ts';

/** The top bar's bell (spec 002 §2.3): unread count, the list newest first, mark one or all read; a notice opens what it is about. */
export function NotificationBell() {
  const bell = useNotificationBell();
  const { count } = bell;
  return (
    // The popover's target is the button itself (its aria-expanded belongs there, not on the
    // indicator's plain div); the indicator wraps the whole popover.
    <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4}>
      <Popover width={340} position="bottom-end" shadow="md" opened={bell.opened} onChange={bell.setOpened}>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
            onClick={bell.toggle}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Group justify="space-between" mb="xs">
            <Text fw={700}>Notifications</Text>
            <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={bell.markAllRead}>
              Mark all read
            </Button>
          </Group>
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4}>
              {bell.notifications.length === 0 && (
                <Text size="sm" c="dimmed">
                  No notifications yet.
                </Text>
              )}
              {bell.notifications.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={bell.open} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
