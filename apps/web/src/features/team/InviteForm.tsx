import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { MESSAGES, TEAM_ROLES, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, ZTeamInviteRequest, type TTeamRole } from '@ppp/contracts';
import { messageOf } from '../../lib/api-error.ts';
import type { useTeam } from './use-team.ts';

export interface ShowOption {
  value: string;
  label: string;
}

export const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

/** A role option with what the role may do under its name. */
export function renderRoleOption({ option }: { option: { value: string; label: string } }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{option.label}</Text>
      <Text size="xs" c="dimmed">
        {TEAM_ROLE_DESCRIPTIONS[option.value as TTeamRole]}
      </Text>
    </Stack>
  );
}

/** The invitation form's fields and its submit: the contract's schema checks, the server mails the invitation. */
function useInviteForm(invite: ReturnType<typeof useTeam>['invite']) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TTeamRole>('editor');
  const [podcastIds, setPodcastIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZTeamInviteRequest.safeParse({ email, role, podcast_ids: podcastIds.length ? podcastIds : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      return;
    }
    setError(null);
    try {
      await invite.mutateAsync(parsed.data);
      notifications.show({
        color: 'teal',
        title: 'Invitation sent',
        message: `${parsed.data.email} was invited as ${TEAM_ROLE_LABELS[role]}.`,
      });
      setEmail('');
      setPodcastIds([]);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Could not send the invitation', message: messageOf(err, MESSAGES.unexpected) });
    }
  }

  return { email, setEmail, role, setRole, podcastIds, setPodcastIds, error, submit };
}

export interface InviteFormProps {
  invite: ReturnType<typeof useTeam>['invite'];
  shows: ShowOption[];
  disabled: boolean;
}

/** Invite someone by email with a role, to every show or only the chosen ones; the invitation is mailed. */
export function InviteForm({ invite, shows, disabled }: InviteFormProps) {
  const form = useInviteForm(invite);
  return (
    <form onSubmit={form.submit} noValidate aria-label="Invite a team member">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            value={form.email}
            onChange={(e) => form.setEmail(e.currentTarget.value)}
            error={form.error}
            disabled={disabled}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={form.role}
            onChange={(value) => value && form.setRole(value as TTeamRole)}
            renderOption={renderRoleOption}
            allowDeselect={false}
            description={TEAM_ROLE_DESCRIPTIONS[form.role]}
            disabled={disabled}
          />
        </SimpleGrid>
        <MultiSelect
          label="Shows"
          description="Leave empty to give access to every show of the workspace."
          placeholder={form.podcastIds.length ? undefined : 'All shows'}
          data={shows}
          value={form.podcastIds}
          onChange={form.setPodcastIds}
          clearable
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden="true" />} loading={invite.isPending} disabled={disabled}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
