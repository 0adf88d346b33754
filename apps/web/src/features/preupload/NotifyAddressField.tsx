import { useState, type KeyboardEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, NOTIFY_ADDRESS_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { notifyChoices, pendingAddresses } from './notify-addresses.ts';

/** Where the ready mail goes: the account's address or one the creator verified with a mailed code (issue 14). */
export function NotifyAddressField({ value, onChange, disabled }: { value: string; onChange: (email: string) => void; disabled: boolean }) {
  const utils = trpc.useUtils();
  const list = trpc.notifyAddresses.list.useQuery();
  const add = trpc.notifyAddresses.add.useMutation();
  const verify = trpc.notifyAddresses.verify.useMutation();
  const [adding, setAdding] = useState<{ email: string; code: string; sentTo: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.items ?? [];

  async function sendCode(email: string) {
    setProblem(null);
    setDone(null);
    try {
      const added = await add.mutateAsync({ email });
      await utils.notifyAddresses.list.invalidate();
      if (added.verified) {
        onChange(added.email);
        setAdding(null);
        setDone(NOTIFY_ADDRESS_MESSAGES.verified(added.email));
      } else setAdding({ email: added.email, code: '', sentTo: added.email });
    } catch (err) {
      setProblem(messageOf(err, MESSAGES.invalidFormat));
    }
  }

  async function checkCode(email: string, code: string) {
    setProblem(null);
    try {
      const verified = await verify.mutateAsync({ email, code });
      await utils.notifyAddresses.list.invalidate();
      onChange(verified.email);
      setAdding(null);
      setDone(NOTIFY_ADDRESS_MESSAGES.verified(verified.email));
    } catch (err) {
      setProblem(messageOf(err, MESSAGES.invalidCode));
    }
  }

  /** Enter in these fields acts on the address, never submits the upload form around them. */
  const onEnter = (act: () => void) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    act();
  };

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
      {!disabled && adding === null && (
        <Group gap="md">
          <Anchor component="button" type="button" size="sm" onClick={() => setAdding({ email: '', code: '', sentTo: null })}>
            Add another address
          </Anchor>
          {pendingAddresses(items).map((email) => (
            <Anchor key={email} component="button" type="button" size="sm" onClick={() => setAdding({ email, code: '', sentTo: email })}>
              Enter the code sent to {email}
            </Anchor>
          ))}
        </Group>
      )}
      {!disabled && adding !== null && (
        <Paper withBorder p="sm" data-testid="notify-address-panel">
          <Stack gap="xs">
            {adding.sentTo === null ? (
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Another notification address"
                  type="email"
                  style={{ flex: 1, minWidth: 220 }}
                  value={adding.email}
                  onChange={(e) => setAdding({ ...adding, email: e.currentTarget.value })}
                  onKeyDown={onEnter(() => void sendCode(adding.email))}
                />
                <Button onClick={() => void sendCode(adding.email)} loading={add.isPending}>
                  Send code
                </Button>
              </Group>
            ) : (
              <>
                <Text size="sm">{NOTIFY_ADDRESS_MESSAGES.codeSent(adding.sentTo)}</Text>
                <Group align="flex-end" wrap="wrap">
                  <TextInput
                    label="Code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    style={{ width: 140 }}
                    value={adding.code}
                    onChange={(e) => setAdding({ ...adding, code: e.currentTarget.value })}
                    onKeyDown={onEnter(() => void checkCode(adding.sentTo ?? '', adding.code))}
                  />
                  <Button onClick={() => void checkCode(adding.sentTo ?? '', adding.code)} loading={verify.isPending}>
                    Verify
                  </Button>
                  <Button variant="subtle" onClick={() => void sendCode(adding.sentTo ?? '')} loading={add.isPending}>
                    Send a new code
                  </Button>
                </Group>
              </>
            )}
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setAdding(null);
                  setProblem(null);
                }}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {done && (
        <Text size="sm" c="teal.8">
          {done}
        </Text>
      )}
    </Stack>
  );
}
