import { notifications } from '@mantine/notifications';
import { MESSAGES, type TTeamRole } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { readWorkspace } from '../../lib/workspace-store.ts';
import { useSwitchWorkspace } from './use-workspace.ts';

function failed(title: string) {
  return (err: unknown) => notifications.show({ color: 'red', title, message: messageOf(err, MESSAGES.unexpected) });
}

/** The Team page's calls (issue 34): the overview of the workspace in use, and each change refreshing it. */
export function useTeam(enabled: boolean) {
  const utils = trpc.useUtils();
  const overview = trpc.team.overview.useQuery({}, { enabled, retry: false });
  const refresh = () => void utils.team.overview.invalidate();
  const invite = trpc.team.invite.useMutation({ onSuccess: refresh });
  const revoke = trpc.team.revokeInvite.useMutation({ onSuccess: refresh, onError: failed('Could not revoke the invitation') });
  const update = trpc.team.updateMember.useMutation({
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'teal', title: 'Saved', message: 'The member was updated.' });
    },
    onError: failed('Could not update the member'),
  });
  const remove = trpc.team.removeMember.useMutation({ onSuccess: refresh, onError: failed('Could not remove the member') });
  return {
    overview,
    invite,
    revoke: (id: string) => revoke.mutate({ id }),
    update: (id: string, role: TTeamRole, podcastIds: string[] | null) => update.mutate({ id, role, podcast_ids: podcastIds }),
    remove: (id: string) => remove.mutateAsync({ id }),
    removing: remove.isPending,
  };
}

/** Leaves another's workspace: the membership is removed, and the app goes back to one's own if it was acting in it. */
export function useLeaveWorkspace() {
  const utils = trpc.useUtils();
  const switchTo = useSwitchWorkspace();
  const leave = trpc.team.removeMember.useMutation({ onError: failed('Could not leave the workspace') });
  return {
    leave: async (workspaceId: string, memberId: string) => {
      await leave.mutateAsync({ id: memberId }).then(
        async () => {
          if (readWorkspace() === workspaceId) await switchTo(null);
          await utils.team.workspaces.invalidate();
        },
        () => undefined,
      );
    },
    pending: leave.isPending,
  };
}
