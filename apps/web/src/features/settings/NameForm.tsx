import { Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { NAMES, type TMe } from '@ppp/contracts';
import { SettingsCardHeading } from './SettingsCardHeading.tsx';
import { useNameForm } from './use-name-form.ts';

export function NameForm({ me }: { me: TMe }) {
  const { values, setValues, error, changed, submit, pending } = useNameForm(me);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="name-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SettingsCardHeading id="name-title" title="Your name" description="How you are greeted in the workspace." />
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
            <Button type="submit" disabled={!changed} loading={pending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
