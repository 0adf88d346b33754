import { useState } from 'react';
import { Accordion, Alert, Badge, Code, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { formatWhen } from '../admin-format.ts';

/** Mail Outbox: what the instance sent (or holds, without SMTP), so an operator can give a user their code. */
export function OutboxTab() {
  const [to, setTo] = useState('');
  const [debounced] = useDebouncedValue(to.trim(), 300);
  const mails = trpc.admin.outbox.useQuery({ to: debounced || undefined, limit: 100 });
  return (
    <Stack gap="md">
      <TextInput label="Recipient" placeholder="user@example.com" value={to} onChange={(e) => setTo(e.currentTarget.value)} maw={420} />
      {mails.isError ? (
        <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>
      ) : !mails.data ? (
        <Loader aria-label="Loading mail" />
      ) : !mails.data.length ? (
        <Text c="dimmed">No mail.</Text>
      ) : (
        <Accordion variant="separated" aria-label="Mail">
          {mails.data.map((mail) => (
            <Accordion.Item key={mail.id} value={mail.id}>
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Badge variant="light" color={mail.transport === 'smtp' ? 'teal' : 'gray'}>
                    {mail.transport === 'smtp' ? 'sent' : 'outbox'}
                  </Badge>
                  <Text size="sm" fw={600} truncate>
                    {mail.to}
                  </Text>
                  <Text size="sm" truncate>
                    {mail.subject}
                  </Text>
                  <Text size="xs" c="dimmed" ml="auto">
                    {formatWhen(mail.created_at)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Code block>{mail.text}</Code>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
