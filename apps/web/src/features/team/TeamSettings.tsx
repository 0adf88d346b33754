import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES, TEAM_MESSAGES, TEAM_ROLE_LABELS, type TTeamOverview, type TWorkspace } from '@ppp/contracts';
import { DialogActions, TitledCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';
import { InviteForm, type ShowOption } from './InviteForm.tsx';
import { ActivityTable, InvitesTable, MembersTable } from './TeamTables.tsx';
import { RoleBadge } from './WorkspaceSwitcher.tsx';
import { seatsLabel } from './team-format.ts';
import { useLeaveWorkspace, useTeam } from './use-team.ts';
import { useCurrentWorkspace } from './use-workspace.ts';

/** Settings' Team tab (issue 34): the team of the workspace in use for its owner and admins, and the workspaces one belongs to. */
export function TeamSettings() {
  const { workspace, workspaces, role } = useCurrentWorkspace();
  const manages = role === 'owner' || role === 'admin';
  return (
    <Stack gap="lg">
      {manages ? (
        <TeamCards />
      ) : (
        workspace && (
          <Alert color="blue" variant="light">
            You are {TEAM_ROLE_LABELS[workspace.role]} in {workspace.name}. Its owner and admins manage its team.
          </Alert>
        )
      )}
      <MyWorkspacesCard workspaces={workspaces?.slice(1) ?? []} />
    </Stack>
  );
}

function useShowNames() {
  const shows = trpc.podcasts.list.useQuery();
  return useMemo(() => {
    const list = shows.data ?? [];
    return { options: list.map((s) => ({ value: s.id, label: s.name })), names: new Map(list.map((s) => [s.id, s.name])) };
  }, [shows.data]);
}

/** Seats, the invitation form, pending invitations and members; the plan's locked notice when it sells no team. */
function TeamCards() {
  const team = useTeam(true);
  const shows = useShowNames();
  const { data, error, isPending } = team.overview;
  if (isPending)
    return (
      <Center mih={120}>
        <Loader size="sm" aria-label="Loading the team" />
      </Center>
    );
  if (error || !data) return <Alert color="red">{messageOf(error, MESSAGES.unexpected)}</Alert>;
  const locked = data.seats === 0;
  return (
    <>
      <TeamInviteCard overview={data} invite={team.invite} shows={shows.options} />
      {(!locked || data.invites.length > 0) && (
        <TitledCard title="Pending invitations" component="section" aria-label="Pending invitations">
          <InvitesTable invites={data.invites} showNames={shows.names} onRevoke={team.revoke} />
        </TitledCard>
      )}
      {(!locked || data.members.length > 1) && (
        <TitledCard title="Members" component="section" aria-label="Members">
          <MembersTable
            members={data.members}
            showNames={shows.names}
            shows={shows.options}
            onRole={(member, role) => team.update(member.id, role, member.podcast_ids)}
            onShows={(member, podcastIds) => member.role !== 'owner' && team.update(member.id, member.role, podcastIds)}
            onRemove={(member) => team.remove(member.id)}
            removing={team.removing}
          />
        </TitledCard>
      )}
      {data.members.length > 1 && (
        <TitledCard title="Recent changes by members" component="section" aria-label="Recent changes by members">
          <ActivityTable activity={data.activity} showNames={shows.names} />
        </TitledCard>
      )}
    </>
  );
}

interface TeamInviteCardProps {
  overview: TTeamOverview;
  invite: ReturnType<typeof useTeam>['invite'];
  shows: ShowOption[];
}

/** Seats used of the plan's, and the invitation form (or the plan's locked notice, or a full-seats notice). */
function TeamInviteCard({ overview, invite, shows }: TeamInviteCardProps) {
  const locked = overview.seats === 0;
  const full = overview.seats_used >= overview.seats;
  return (
    <TitledCard title="Team" component="section" aria-label="Team">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          People you invite work in {overview.workspace.name} with the role you give them.
        </Text>
        {!locked && (
          <Badge variant="light" color={full ? 'orange' : 'teal'} data-testid="team-seats">
            {seatsLabel(overview.seats_used, overview.seats)}
          </Badge>
        )}
      </Group>
      {locked && <FeatureLockedNotice feature="multiUser" />}
      {!locked && full && (
        <Alert color="orange" variant="light">
          {TEAM_MESSAGES.seatsFull(overview.seats)}
        </Alert>
      )}
      {!locked && <InviteForm invite={invite} shows={shows} disabled={full} />}
    </TitledCard>
  );
}

/** The other workspaces one belongs to, each with one's role, and Leave. */
function MyWorkspacesCard({ workspaces }: { workspaces: TWorkspace[] }) {
  const { leave, pending } = useLeaveWorkspace();
  const [leaving, setLeaving] = useState<TWorkspace | null>(null);
  if (workspaces.length === 0) return null;
  return (
    <TitledCard title="Workspaces you belong to" component="section" aria-label="Workspaces you belong to">
      {workspaces.map((w) => (
        <Group key={w.id} justify="space-between" wrap="nowrap" data-testid="my-workspace">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text size="sm" fw={600} truncate="end">
              {w.name}
            </Text>
            <RoleBadge role={w.role} />
          </Group>
          {w.member_id && (
            <Button size="xs" variant="default" color="red" onClick={() => setLeaving(w)}>
              Leave
            </Button>
          )}
        </Group>
      ))}
      <Modal opened={leaving !== null} onClose={() => setLeaving(null)} title="Leave workspace" centered>
        <Stack gap="md">
          <Text size="sm">You lose access to {leaving?.name} and its shows. Someone there has to invite you again to come back.</Text>
          <DialogActions onCancel={() => setLeaving(null)}>
            <Button
              color="red"
              loading={pending}
              onClick={() => {
                if (leaving?.member_id) void leave(leaving.id, leaving.member_id).finally(() => setLeaving(null));
              }}
            >
              Leave
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </TitledCard>
  );
}
