import { useState } from 'react';
import { ActionIcon, Button, Modal, MultiSelect, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { TEAM_ROLE_LABELS, type TTeamActivity, type TTeamInvite, type TTeamMember, type TTeamRole } from '@ppp/contracts';
import { DataTable, DialogActions } from '@ppp/ui';
import { ROLE_OPTIONS, renderRoleOption, type ShowOption } from './InviteForm.tsx';
import { RoleBadge } from './WorkspaceSwitcher.tsx';
import { dayLabel, showsLabel, subjectLabel } from './team-format.ts';

function Person({ member }: { member: Pick<TTeamMember, 'name' | 'email'> }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {member.name ?? member.email}
      </Text>
      {member.name && (
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      )}
    </>
  );
}

export interface MembersTableProps {
  members: TTeamMember[];
  showNames: ReadonlyMap<string, string>;
  /** The workspace's shows, to give a member every show or only some. */
  shows: ShowOption[];
  onRole: (member: TTeamMember, role: TTeamRole) => void;
  /** Null: every show. */
  onShows: (member: TTeamMember, podcastIds: string[] | null) => void;
  onRemove: (member: TTeamMember) => Promise<unknown>;
  removing: boolean;
}

/** The owner and the members: role (changeable), shows, last activity, and Remove after a confirmation. */
export function MembersTable({ members, showNames, shows, onRole, onShows, onRemove, removing }: MembersTableProps) {
  const [leaving, setLeaving] = useState<TTeamMember | null>(null);
  return (
    <>
      <DataTable
        label="Members"
        minWidth={640}
        columns={['Member', 'Role', 'Shows', 'Last active', { hiddenLabel: 'Actions' }]}
        verticalSpacing="sm"
      >
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            showNames={showNames}
            shows={shows}
            onRole={onRole}
            onShows={onShows}
            onRemove={() => setLeaving(member)}
          />
        ))}
      </DataTable>
      <RemoveMemberDialog
        member={leaving}
        removing={removing}
        onCancel={() => setLeaving(null)}
        onConfirm={(member) => void onRemove(member).finally(() => setLeaving(null))}
      />
    </>
  );
}

interface MemberRowProps {
  member: TTeamMember;
  showNames: ReadonlyMap<string, string>;
  shows: ShowOption[];
  onRole: MembersTableProps['onRole'];
  onShows: MembersTableProps['onShows'];
  onRemove: () => void;
}

function MemberRow({ member, showNames, shows, onRole, onShows, onRemove }: MemberRowProps) {
  const owner = member.role === 'owner';
  return (
    <Table.Tr data-testid="team-member">
      <Table.Td>
        <Person member={member} />
      </Table.Td>
      <Table.Td w={150}>
        {owner ? (
          <RoleBadge role="owner" />
        ) : (
          <Select
            size="xs"
            aria-label={`Role of ${member.email}`}
            data={ROLE_OPTIONS}
            value={member.role}
            onChange={(value) => value && value !== member.role && onRole(member, value as TTeamRole)}
            renderOption={renderRoleOption}
            allowDeselect={false}
            comboboxProps={{ width: 280, position: 'bottom-start' }}
          />
        )}
      </Table.Td>
      <Table.Td miw={200}>
        <MemberShows member={member} showNames={showNames} shows={shows} onShows={onShows} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayLabel(member.last_active_at)}</Text>
      </Table.Td>
      <Table.Td w={48}>
        {!owner && (
          <Tooltip label="Remove from the team">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${member.email}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The shows a member works on: every show, or the ones chosen here (the owner's are all theirs). */
function MemberShows({ member, showNames, shows, onShows }: Pick<MemberRowProps, 'member' | 'showNames' | 'shows' | 'onShows'>) {
  if (member.role === 'owner') return <Text size="sm">{showsLabel(member.podcast_ids, showNames)}</Text>;
  return (
    <MultiSelect
      size="xs"
      aria-label={`Shows of ${member.email}`}
      data={shows}
      value={member.podcast_ids ?? []}
      placeholder={member.podcast_ids?.length ? undefined : 'All shows'}
      onChange={(ids) => onShows(member, ids.length ? ids : null)}
      clearable
      comboboxProps={{ width: 260, position: 'bottom-start' }}
    />
  );
}

interface RemoveMemberDialogProps {
  member: TTeamMember | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: (member: TTeamMember) => void;
}

function RemoveMemberDialog({ member, removing, onCancel, onConfirm }: RemoveMemberDialogProps) {
  return (
    <Modal opened={member !== null} onClose={onCancel} title="Remove team member" centered>
      <Stack gap="md">
        <Text size="sm">{member?.email} loses access to this workspace and its shows at once. Nothing they made is deleted.</Text>
        <DialogActions onCancel={onCancel}>
          <Button color="red" loading={removing} onClick={() => member && onConfirm(member)}>
            Remove
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

export interface InvitesTableProps {
  invites: TTeamInvite[];
  showNames: ReadonlyMap<string, string>;
  onRevoke: (id: string) => void;
}

/** Invitations not yet accepted: address, role, shows, expiry, and Revoke. */
export function InvitesTable({ invites, showNames, onRevoke }: InvitesTableProps) {
  if (invites.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No pending invitations.
      </Text>
    );
  return (
    <DataTable
      label="Pending invitations"
      minWidth={640}
      columns={['Email', 'Role', 'Shows', 'Expires', { hiddenLabel: 'Actions' }]}
      verticalSpacing="sm"
    >
      {invites.map((invite) => (
        <InviteRow key={invite.id} invite={invite} showNames={showNames} onRevoke={() => onRevoke(invite.id)} />
      ))}
    </DataTable>
  );
}

function InviteRow({ invite, showNames, onRevoke }: { invite: TTeamInvite; showNames: ReadonlyMap<string, string>; onRevoke: () => void }) {
  return (
    <Table.Tr data-testid="team-invite">
      <Table.Td>
        <Text size="sm">{invite.email}</Text>
        <Text size="xs" c="dimmed">
          Invited by {invite.invited_by}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{TEAM_ROLE_LABELS[invite.role]}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{showsLabel(invite.podcast_ids, showNames)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayLabel(invite.expires_at)}</Text>
      </Table.Td>
      <Table.Td w={48}>
        <Tooltip label="Revoke the invitation">
          <ActionIcon variant="subtle" color="red" aria-label={`Revoke the invitation of ${invite.email}`} onClick={onRevoke}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The members' latest changes in the workspace (the audit): who, which call, on what, when. */
export function ActivityTable({ activity, showNames }: { activity: TTeamActivity[]; showNames: ReadonlyMap<string, string> }) {
  if (activity.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No changes by members yet.
      </Text>
    );
  return (
    <DataTable label="Recent changes by members" minWidth={640} columns={['Member', 'Change', 'On', 'When']} verticalSpacing="xs">
      {activity.map((entry, i) => (
        <Table.Tr key={`${entry.created_at.toISOString()}-${i}`} data-testid="team-activity">
          <Table.Td>
            <Text size="sm">{entry.actor_email}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {entry.action}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" title={entry.subject ?? undefined}>
              {subjectLabel(entry.subject, showNames)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{entry.created_at.toLocaleString()}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
