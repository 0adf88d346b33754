import { useEffect } from 'react';
import { Alert, Group, Loader, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { ADMIN_OPERATION_TABS, ADMIN_TABS, MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { adminTabLabel, adminTabOf, adminTabPath, isKnownAdminTab } from './admin-tabs.ts';
import { AdminTabContent, ComingSoon } from './AdminTabContent.tsx';

/**
 * The admin panel (spec 002 section 2.14): side tabs in the spec's order and the operator's own
 * views; /admin/<tab> opens a tab. The admin check is the summary call: a 403 goes back to the dashboard.
 */
export function AdminPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const summary = trpc.admin.summary.useQuery(undefined, { retry: false });
  const denied = summary.isError && toApiFailure(summary.error).status === 403;
  useEffect(() => {
    if (!denied) return;
    notifications.show({ color: 'red', title: MESSAGES.adminAccessDenied, message: MESSAGES.adminFallback });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate]);
  // The spec's hash links (#/admin/jobs) open the tab they name.
  const hashPath = location.hash.startsWith('#/admin') ? location.hash.slice(1) : null;
  useEffect(() => {
    if (hashPath) void navigate(hashPath, { replace: true });
  }, [hashPath, navigate]);
  const phone = useMediaQuery('(max-width: 48em)');
  const tab = adminTabOf(location.pathname);

  if (summary.isPending || denied) return <Loader aria-label="Checking admin access" />;
  const open = (next: string | null) => {
    if (next) void navigate(adminTabPath(next));
  };
  return (
    <Stack gap="md">
      <MaintenanceBanner />
      {phone ? (
        <NativeSelect
          label="Admin section"
          value={tab}
          onChange={(e) => open(e.currentTarget.value)}
          data={[...ADMIN_TABS, ...ADMIN_OPERATION_TABS].map((t) => ({ value: t.key, label: t.label }))}
        />
      ) : null}
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {phone ? null : (
          <Tabs orientation="vertical" value={tab} onChange={open} variant="pills" aria-label="Admin sections" miw={190}>
            <Tabs.List>
              {ADMIN_TABS.map((t) => (
                <Tabs.Tab key={t.key} value={t.key}>
                  {t.label}
                </Tabs.Tab>
              ))}
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="md" mb={4} px="sm">
                Operations
              </Text>
              {ADMIN_OPERATION_TABS.map((t) => (
                <Tabs.Tab key={t.key} value={t.key}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Title order={1}>{adminTabLabel(tab)}</Title>
          {isKnownAdminTab(tab) ? <AdminTabContent tab={tab} /> : <ComingSoon />}
        </Stack>
      </Group>
    </Stack>
  );
}

/** While maintenance is on, every admin tab says so. */
function MaintenanceBanner() {
  const settings = trpc.admin.settings.useQuery();
  if (!settings.data?.maintenance_mode) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Maintenance mode is on">
      {settings.data.maintenance_message || MESSAGES.maintenanceDefault} Only administrators can use the app until you switch it off in
      Settings.
    </Alert>
  );
}
