import { Alert, Card, Loader, NumberInput, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { ADMIN_MESSAGES, MESSAGES, NAMES, TIERS, UPLOADS, ZTier, type TAdminSettings } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useSettingsAutosave, type SettingsFormApi } from './use-settings-autosave.ts';

/** Settings: each change is saved 400 ms after the last edit; a failed save puts the controls back. */
export function SettingsTab() {
  const settings = trpc.admin.settings.useQuery();
  if (settings.isError)
    return (
      <Alert color="red">{toApiFailure(settings.error).status === 403 ? MESSAGES.adminAccessDenied : ADMIN_MESSAGES.loadFailed}</Alert>
    );
  if (!settings.data) return <Loader aria-label="Loading settings" />;
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: TAdminSettings }) {
  const { form, saving } = useSettingsAutosave(saved);
  return (
    <Card withBorder padding="lg" maw={760}>
      <Stack gap="lg">
        <Text c="dimmed" size="sm" aria-live="polite" data-testid="settings-save-state">
          {saving ? 'Saving…' : 'Changes are saved as you make them.'}
        </Text>
        <MaintenanceSettings form={form} />
        <AccountSettings form={form} />
        <Switch
          label="Test mode"
          description="For trying the instance out: payments and outside services stay in test mode."
          {...form.getInputProps('test_mode', { type: 'checkbox' })}
        />
      </Stack>
    </Card>
  );
}

function MaintenanceSettings({ form }: { form: SettingsFormApi }) {
  return (
    <>
      <Switch
        label="Maintenance mode"
        description="Everyone but administrators sees the maintenance screen."
        {...form.getInputProps('maintenance_mode', { type: 'checkbox' })}
      />
      <Textarea
        label="Maintenance message"
        description={`Left empty, visitors see "${MESSAGES.maintenanceDefault}" and signed-in creators "${MESSAGES.maintenanceSession}"`}
        autosize
        minRows={2}
        maxLength={NAMES.maintenanceMessageMaxLength}
        value={form.values.maintenance_message ?? ''}
        onChange={(e) => form.setFieldValue('maintenance_message', e.currentTarget.value || null)}
      />
    </>
  );
}

/** What a new account gets: active or waitlisted, and its tier; the upload limit. */
function AccountSettings({ form }: { form: SettingsFormApi }) {
  return (
    <>
      <Switch
        label="New accounts are active"
        description="When off, a new account confirms its email and waits on the waitlist until an administrator approves it (closed alpha)."
        {...form.getInputProps('default_user_active', { type: 'checkbox' })}
      />
      <NumberInput
        label="Upload limit (MB)"
        description={`Between ${UPLOADS.minMaxUploadMb} and ${UPLOADS.maxMaxUploadMb}.`}
        min={UPLOADS.minMaxUploadMb}
        max={UPLOADS.maxMaxUploadMb}
        clampBehavior="blur"
        allowDecimal={false}
        value={form.values.max_upload_mb}
        onChange={(v) => {
          if (typeof v === 'number') form.setFieldValue('max_upload_mb', v);
        }}
        maw={240}
      />
      <Select
        label="Tier of new accounts"
        description="The plan a new account starts on, with its monthly minutes and features (the first account is always Unlimited)."
        data={TIERS.map((tier) => ({ value: tier.key, label: tier.name }))}
        allowDeselect={false}
        value={form.values.default_tier}
        onChange={(tier) => {
          const parsed = ZTier.safeParse(tier);
          if (parsed.success) form.setFieldValue('default_tier', parsed.data);
        }}
        maw={440}
      />
      <Switch
        label="New accounts start the 14-day free trial"
        description="A new account below Creator gets Creator for 14 days, no card, as the landing page promises; when off it starts on the tier above."
        {...form.getInputProps('new_account_trial', { type: 'checkbox' })}
      />
    </>
  );
}
