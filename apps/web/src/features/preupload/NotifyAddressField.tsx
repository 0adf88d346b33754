import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { NOTIFY_ADDRESS_MESSAGES, type TNotifyAddress } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { notifyChoices, pendingAddresses } from './notify-addresses.ts';
import { useNotifyAddresses, type TNotifyAddresses } from './use-notify-addresses.ts';
import { NotifyAddressPanel } from './NotifyAddressPanel.tsx';

/** Add another address, or enter the code already sent to one not verified yet. */
function AddAddressLinks({ items, addresses }: { items: readonly TNotifyAddress[]; addresses: TNotifyAddresses }) {
  return (
    <Group gap="md">
      <Anchor component="button" type="button" size="sm" onClick={() => addresses.setAdding({ email: '', code: '', sentTo: null })}>
        Add another address
      </Anchor>
      {pendingAddresses(items).map((email) => (
        <Anchor
          key={email}
          component="button"
          type="button"
          size="sm"
          onClick={() => addresses.setAdding({ email, code: '', sentTo: email })}
        >
          Enter the code sent to {email}
        </Anchor>
      ))}
    </Group>
  );
}

/** Where the ready mail goes: the account's address or one the creator verified with a mailed code (issue 14). */
export function NotifyAddressField({ value, onChange, disabled }: { value: string; onChange: (email: string) => void; disabled: boolean }) {
  const list = trpc.notifyAddresses.list.useQuery();
  const items = list.data?.items ?? [];
  const addresses = useNotifyAddresses(onChange);
  const { adding, done } = addresses;
  return (
    <Stack gap={6}>
      <Select
        label="Notification email"
        description={NOTIFY_ADDRESS_MESSAGES.note}
        data={notifyChoices(items, value)}
        value={value}
        onChange={(email) => email && onChange(email)}
        allowDeselect={false}
        disabled={disabled}
      />
      {!disabled && adding === null && <AddAddressLinks items={items} addresses={addresses} />}
      {!disabled && adding !== null && <NotifyAddressPanel adding={adding} addresses={addresses} />}
      {done && (
        <Text size="sm" c="teal.8">
          {done}
        </Text>
      )}
    </Stack>
  );
}
