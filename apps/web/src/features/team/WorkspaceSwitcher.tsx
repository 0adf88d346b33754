import { Alert, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconUsersGroup } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { TEAM_MESSAGES, TEAM_ROLE_LABELS, type TWorkspace, type TWorkspaceRole } from '@ppp/contracts';
import { useCurrentWorkspace, useSwitchWorkspace, useWorkspaceFallback } from './use-workspace.ts';

const ROLE_COLORS: Readonly<Record<TWorkspaceRole, string>> = { owner: 'grape', admin: 'indigo', editor: 'teal', viewer: 'gray' };

export function RoleBadge({ role }: { role: TWorkspaceRole }) {
  return (
    <Badge size="sm" variant="light" color={ROLE_COLORS[role]} style={{ flexShrink: 0 }}>
      {TEAM_ROLE_LABELS[role]}
    </Badge>
  );
}

/**
 * The header's workspace switcher (issue 34), shown when the person belongs to more than one
 * workspace: their own first, each with their role. Switching drops the previous workspace's answers
 * and opens the dashboard, since the screen in view may belong to the other workspace.
 */
export function WorkspaceSwitcher() {
  useWorkspaceFallback();
  const { workspace, workspaces } = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  if (!workspaces || workspaces.length < 2 || !workspace) return null;
  const own = workspaces[0];

  async function choose(next: TWorkspace) {
    if (next.id === workspace?.id) return;
    await switchTo(next.id === own?.id ? null : next.id);
    void navigate('/dashboard');
  }

  return (
    <Menu position="bottom-start" shadow="md" width={420} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconUsersGroup size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`Workspace: ${workspace.name}`}
          maw={320}
          data-testid="workspace-switcher"
        >
          <Text size="sm" fw={600} truncate="end">
            {workspace.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Workspaces</Menu.Label>
        {workspaces.map((w) => (
          <Menu.Item
            key={w.id}
            onClick={() => void choose(w)}
            leftSection={w.id === workspace.id ? <IconCheck size={14} aria-hidden="true" /> : <span style={{ width: 14 }} />}
            aria-current={w.id === workspace.id ? 'true' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
              <Text size="sm" truncate="end" miw={0} title={w.name}>
                {w.name}
              </Text>
              <RoleBadge role={w.role} />
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The banner members see while the owner's plan has lost multi-user accounts (read-only until the date). */
export function ReadOnlyBanner() {
  const { workspace } = useCurrentWorkspace();
  if (!workspace?.read_only_until) return null;
  const until = workspace.read_only_until.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} mb="lg" role="status">
      <Text size="sm">{TEAM_MESSAGES.readOnlyUntil(until)}</Text>
    </Alert>
  );
}
