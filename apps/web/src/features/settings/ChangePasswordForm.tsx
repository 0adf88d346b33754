import { Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { AUTH } from '@ppp/contracts';
import { SettingsCardHeading } from './SettingsCardHeading.tsx';
import { useChangePassword } from './use-change-password.ts';

export function ChangePasswordForm() {
  const { values, errors, set, submit, pending } = useChangePassword();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SettingsCardHeading id="password-title" title="Change password" description="Changing it signs you out everywhere else." />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={values.current}
            onChange={set('current')}
            error={errors.current}
          />
          <PasswordInput
            label="New password"
            description={`At least ${AUTH.passwordMinLength} characters.`}
            autoComplete="new-password"
            required
            value={values.next}
            onChange={set('next')}
            error={errors.next}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={values.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
