import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MESSAGES, NAMES, UPLOADS, type TAdminSettings } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** A minimal admin settings view (spec 002 section 2.14 Settings); the full admin panel comes later. */
export function AdminSettingsView() {
  const settings = trpc.admin.settings.useQuery();
  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {toApiFailure(settings.error).status === 403 ? MESSAGES.adminAccessDenied : 'Failed to load settings'}
      </Alert>
    );
  }
  return <AdminSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function AdminSettingsForm({ saved }: { saved: TAdminSettings }) {
  const [values, setValues] = useState<TAdminSettings>(saved);
  const update = trpc.admin.updateSettings.useMutation();
  const utils = trpc.useUtils();
  const changed = JSON.stringify(values) !== JSON.stringify(saved);

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const next = await update.mutateAsync(values);
      utils.admin.settings.setData(undefined, next);
      void utils.public.config.invalidate();
      notifications.show({ color: 'teal', title: 'Saved', message: 'Settings updated.' });
    } catch (err) {
      notifications.show({ color: 'red', title: MESSAGES.failedToSaveSettings, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Admin settings</Title>
        <Text c="dimmed">Instance-wide settings. Only administrators see this page.</Text>
      </div>
      {saved.maintenance_mode && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Maintenance mode is on">
          Only administrators can use the app until you switch it off.
        </Alert>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Switch
              label="Maintenance mode"
              description="Everyone but administrators sees the maintenance screen."
              checked={values.maintenance_mode}
              onChange={(e) => setValues({ ...values, maintenance_mode: e.currentTarget.checked })}
            />
            <Textarea
              label="Maintenance message"
              description={`Left empty, users see: "${MESSAGES.maintenanceDefault}"`}
              autosize
              minRows={2}
              maxLength={NAMES.maintenanceMessageMaxLength}
              value={values.maintenance_message ?? ''}
              onChange={(e) => setValues({ ...values, maintenance_message: e.currentTarget.value || null })}
            />
            <Switch
              label="New accounts are active"
              description="When off, new accounts confirm their email and wait for a spot (closed alpha)."
              checked={values.default_user_active}
              onChange={(e) => setValues({ ...values, default_user_active: e.currentTarget.checked })}
            />
            <NumberInput
              label="Upload limit (MB)"
              description={`Between ${UPLOADS.minMaxUploadMb} and ${UPLOADS.maxMaxUploadMb}.`}
              min={UPLOADS.minMaxUploadMb}
              max={UPLOADS.maxMaxUploadMb}
              clampBehavior="blur"
              allowDecimal={false}
              value={values.max_upload_mb}
              onChange={(v) => setValues({ ...values, max_upload_mb: typeof v === 'number' ? v : UPLOADS.defaultMaxUploadMb })}
              maw={240}
            />
            <Switch
              label="Test mode"
              description="For trying the instance out: payments and outside services stay in test mode."
              checked={values.test_mode}
              onChange={(e) => setValues({ ...values, test_mode: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button variant="default" disabled={!changed} onClick={() => setValues(saved)}>
                Reset
              </Button>
              <Button type="submit" disabled={!changed} loading={update.isPending}>
                Save settings
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
