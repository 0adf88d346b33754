import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { adminTabLabel, adminTabOf, adminTabPath, isKnownAdminTab } from './admin-tabs.ts';
import { AdminTabContent, ComingSoon } from './AdminTabContent.tsx';
import { AdminSectionSelect, AdminSideTabs } from './AdminSectionNav.tsx';
import { useAdminAccess } from './use-admin-access.ts';

/**
 * The admin panel (spec 002 section 2.14): side tabs in the spec's order and the operator's own
 * views; /admin/<tab> opens a tab. The admin check is the summary call: a 403 goes back to the dashboard.
 */
export function AdminPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const { checking } = useAdminAccess();
  const phone = useMediaQuery('(max-width: 48em)');
  const tab = adminTabOf(location.pathname);

  if (checking) return <Loader aria-label="Checking admin access" />;
  const open = (next: string | null) => {
    if (next) void navigate(adminTabPath(next));
  };
  return (
    <Stack gap="md">
      <MaintenanceBanner />
      {phone ? <AdminSectionSelect tab={tab} onOpen={open} /> : null}
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {phone ? null : <AdminSideTabs tab={tab} onOpen={open} />}
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
