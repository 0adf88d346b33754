import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MESSAGES, type TAdminWaitlistEntry } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatWhen } from '../admin-format.ts';

const ACCOUNT_LABEL: Record<TAdminWaitlistEntry['account'], string> = { none: 'no account yet', waiting: 'waiting', active: 'active' };

/** Waitlist: closed-alpha requests (email, note, date) with Approve (activates the account, mails the user) and Dismiss. */
export function WaitlistTab() {
  const list = trpc.admin.waitlist.useQuery();
  if (list.isError) return <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>;
  if (!list.data) return <Loader aria-label="Loading the waitlist" />;
  if (!list.data.length) return <Text c="dimmed">Nobody has asked for access yet.</Text>;
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        Approving activates the account with that email and mails the person; requests from an address without an account are kept approved
        for when it registers.
      </Text>
      <DataTable striped label="Waitlist requests" minWidth={720} columns={['Email', 'Note', 'Requested', 'Account', 'Decision']}>
        {list.data.map((entry) => (
          <Table.Tr key={entry.id} data-testid={`waitlist-${entry.email}`}>
            <Table.Td>{entry.email}</Table.Td>
            <Table.Td>{entry.note ?? '—'}</Table.Td>
            <Table.Td>{formatWhen(entry.created_at)}</Table.Td>
            <Table.Td>{ACCOUNT_LABEL[entry.account]}</Table.Td>
            <Table.Td>
              <WaitlistDecision entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** Approve and Dismiss while a request is pending; afterwards, what was decided. */
function WaitlistDecision({ entry }: { entry: TAdminWaitlistEntry }) {
  const { approve, dismiss } = useWaitlistDecision(entry.id);
  if (entry.status !== 'pending') return <Badge color={entry.status === 'approved' ? 'teal' : 'gray'}>{entry.status}</Badge>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => void approve()} aria-label={`Approve ${entry.email}`}>
        Approve
      </Button>
      <Button size="xs" variant="default" onClick={() => void dismiss()} aria-label={`Dismiss ${entry.email}`}>
        Dismiss
      </Button>
    </Group>
  );
}

/** Approve or dismiss one request; the waitlist and the users are read again, a failure is shown. */
function useWaitlistDecision(id: string) {
  const utils = trpc.useUtils();
  const approve = trpc.admin.approveWaitlist.useMutation();
  const dismiss = trpc.admin.dismissWaitlist.useMutation();

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
      await Promise.all([utils.admin.waitlist.invalidate(), utils.admin.users.invalidate()]);
    } catch (err) {
      notifications.show({ color: 'red', title: ADMIN_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return { approve: () => act(() => approve.mutateAsync({ id })), dismiss: () => act(() => dismiss.mutateAsync({ id })) };
}
