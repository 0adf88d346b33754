import type { KeyboardEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { NOTIFY_ADDRESS_MESSAGES } from '@ppp/contracts';
import type { AddingAddress, TNotifyAddresses } from './use-notify-addresses.ts';

/** Enter in these fields acts on the address, never submits the upload form around them. */
const onEnter = (act: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  act();
};

interface StepProps {
  adding: AddingAddress;
  addresses: TNotifyAddresses;
}

function NewAddressStep({ adding, addresses }: StepProps) {
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label="Another notification address"
        type="email"
        style={{ flex: 1, minWidth: 220 }}
        value={adding.email}
        onChange={(e) => addresses.setAdding({ ...adding, email: e.currentTarget.value })}
        onKeyDown={onEnter(() => void addresses.sendCode(adding.email))}
      />
      <Button onClick={() => void addresses.sendCode(adding.email)} loading={addresses.sending}>
        Send code
      </Button>
    </Group>
  );
}

function CodeStep({ adding, addresses, sentTo }: StepProps & { sentTo: string }) {
  return (
    <>
      <Text size="sm">{NOTIFY_ADDRESS_MESSAGES.codeSent(sentTo)}</Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          style={{ width: 140 }}
          value={adding.code}
          onChange={(e) => addresses.setAdding({ ...adding, code: e.currentTarget.value })}
          onKeyDown={onEnter(() => void addresses.checkCode(sentTo, adding.code))}
        />
        <Button onClick={() => void addresses.checkCode(sentTo, adding.code)} loading={addresses.verifying}>
          Verify
        </Button>
        <Button variant="subtle" onClick={() => void addresses.sendCode(sentTo)} loading={addresses.sending}>
          Send a new code
        </Button>
      </Group>
    </>
  );
}

/** Adding an address: type it and send a code, then type the mailed code and verify it. */
export function NotifyAddressPanel({ adding, addresses }: StepProps) {
  return (
    <Paper withBorder p="sm" data-testid="notify-address-panel">
      <Stack gap="xs">
        {adding.sentTo === null ? (
          <NewAddressStep adding={adding} addresses={addresses} />
        ) : (
          <CodeStep adding={adding} addresses={addresses} sentTo={adding.sentTo} />
        )}
        {addresses.problem && (
          <Alert color="red" role="alert">
            {addresses.problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={addresses.cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
