import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTH, MESSAGES, ZChangePasswordRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

const EMPTY = { current: '', next: '', confirm: '' };

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const change = trpc.auth.changePassword.useMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { current_password: values.current, new_password: values.next };
    const parsed = ZChangePasswordRequest.safeParse(input);
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'current_password' ? 'current' : 'next';
        found[key] ??= issue.message;
      }
    }
    if (values.next !== values.confirm) found.confirm = 'Passwords do not match.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync(input);
      setValues(EMPTY);
      notifications.show({ color: 'teal', title: 'Password changed', message: 'Other devices were signed out.' });
    } catch (err) {
      const failure = toApiFailure(err);
      if (failure.status === 401) setErrors({ current: failure.message ?? MESSAGES.invalidCredentials });
      else notifications.show({ color: 'red', title: MESSAGES.updateFailed, message: failure.message ?? MESSAGES.unexpected });
    }
  }

  const set = (key: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.currentTarget.value });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="password-title">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Changing it signs you out everywhere else.
            </Text>
          </div>
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
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
