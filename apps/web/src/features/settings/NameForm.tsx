import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, NAMES, ZNameForm, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { nameChanged, nameValuesOf, type TNameValues } from './name-form.ts';

export function NameForm({ me }: { me: TMe }) {
  const saved = nameValuesOf(me);
  const [values, setValues] = useState<TNameValues>(saved);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.users.updatePrefs.useMutation();
  const utils = trpc.useUtils();
  const changed = nameChanged(saved, values);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZNameForm.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.firstNameRequired);
      return;
    }
    setError(null);
    try {
      const next = await update.mutateAsync({ first_name: parsed.data.first_name, last_name: parsed.data.last_name || null });
      utils.users.me.setData(undefined, next);
      setValues(nameValuesOf(next));
      notifications.show({ color: 'teal', title: 'Saved', message: 'Your name was updated.' });
    } catch (err) {
      notifications.show({ color: 'red', title: MESSAGES.couldNotSaveProfile, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="name-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="name-title">
              Your name
            </Title>
            <Text size="sm" c="dimmed">
              How you are greeted in the workspace.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              maxLength={NAMES.firstNameMaxLength}
              value={values.first_name}
              onChange={(e) => setValues({ ...values, first_name: e.currentTarget.value })}
              error={error}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              maxLength={NAMES.lastNameMaxLength}
              value={values.last_name}
              onChange={(e) => setValues({ ...values, last_name: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
