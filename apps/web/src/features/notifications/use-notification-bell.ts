import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationPath, type TNotification } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

const POLL_MS = 30_000;

/** The bell's data: the unread count (checked every 30 s), the list (read when opened), marking read, and opening a notice. */
export function useNotificationBell() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: POLL_MS });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: false });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });

  function open(n: TNotification) {
    if (!n.read_at) markRead.mutate({ id: n.id });
    const path = notificationPath(n.link);
    if (!path) return;
    setOpened(false);
    void navigate(path);
  }

  function toggle() {
    if (!opened) void list.refetch();
    setOpened(!opened);
  }

  return {
    opened,
    setOpened,
    toggle,
    count: unread.data?.unread ?? 0,
    notifications: list.data ?? [],
    open,
    markAllRead: () => markAll.mutate(),
  };
}
