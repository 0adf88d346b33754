import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { AB_MESSAGES, AB_WORKSPACE, abScheduleOf, type TAbDraft } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

type Visibility = 'draft' | 'publish';
const SETTLED = ['processed', 'published', 'scheduled', 'error'];

/** The episode behind a finalized draft, polled every 5 s while it is assembled or published. */
function useEpisodeStatus(draft: TAbDraft) {
  return trpc.abWorkspace.status.useQuery(
    { id: draft.id },
    {
      enabled: Boolean(draft.episode_id),
      refetchInterval: (query) => {
        const episode = query.state.data?.episode;
        const busy = !episode || !SETTLED.includes(episode.status) || ['queued', 'publishing'].includes(episode.publish_state ?? '');
        return busy ? AB_WORKSPACE.transcriptPollMs : false;
      },
    },
  );
}

/** Finalize (spec 002 §2.11): Draft or Publish, the schedule (disabled in Draft), 'Save for Draft' or 'Publish', the host's answer. */
export function AbPublishPanel({ draft }: { draft: TAbDraft }) {
  const utils = trpc.useUtils();
  const shows = trpc.podcasts.list.useQuery();
  const publish = trpc.abWorkspace.publish.useMutation();
  const status = useEpisodeStatus(draft);
  const [visibility, setVisibility] = useState<Visibility>('draft');
  const [showId, setShowId] = useState<string | null>(draft.podcast_id);
  const [schedule, setSchedule] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const episode = status.data?.episode ?? null;
  const assembling = Boolean(draft.episode_id) && (!episode || !SETTLED.includes(episode.status));

  async function submit() {
    if (!showId) return setResult({ ok: false, message: AB_MESSAGES.chooseShow });
    const at = visibility === 'publish' ? abScheduleOf(schedule) : null;
    try {
      const answer = await publish.mutateAsync({
        draft_id: draft.id,
        show_id: showId,
        title: draft.title,
        description: draft.description,
        filename: draft.filename,
        visibility,
        auto_published_at: at ? at.toISOString() : null,
      });
      setResult({ ok: true, message: answer.message });
      await Promise.all([utils.abWorkspace.drafts.invalidate(), utils.abWorkspace.status.invalidate({ id: draft.id })]);
    } catch (error) {
      setResult({ ok: false, message: messageOf(error, AB_MESSAGES.publishFailed) });
    }
  }

  return (
    <Card withBorder padding="lg" id="ab-finalize">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Finalize
        </Title>
        <SegmentedControl
          aria-label="Visibility"
          value={visibility}
          onChange={(v) => setVisibility(v === 'publish' ? 'publish' : 'draft')}
          data={[
            { value: 'draft', label: 'Draft' },
            { value: 'publish', label: 'Publish' },
          ]}
        />
        <Select
          label="Show"
          placeholder={AB_MESSAGES.chooseShow}
          data={(shows.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={showId}
          onChange={setShowId}
          allowDeselect={false}
        />
        <TextInput
          type="datetime-local"
          label="Schedule (optional)"
          description={visibility === 'draft' ? 'Choose Publish to schedule.' : 'Leave empty to publish now.'}
          disabled={visibility === 'draft'}
          value={schedule}
          onChange={(e) => setSchedule(e.currentTarget.value)}
        />
        {episode && (
          <Group gap="xs">
            <Text size="sm">Episode:</Text>
            <Badge variant="light" data-testid="ab-episode-status">
              {episode.status}
              {episode.publish_state && episode.publish_state !== episode.status ? ` · ${episode.publish_state}` : ''}
            </Badge>
          </Group>
        )}
        {episode?.publish_error && (
          <Alert color="red" title={AB_MESSAGES.publishFailed}>
            {episode.publish_error}
          </Alert>
        )}
        {result && <Alert color={result.ok ? 'teal' : 'red'} role="alert" title={result.message} />}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={publish.isPending} disabled={visibility === 'publish' && assembling}>
            {visibility === 'draft' ? 'Save for Draft' : 'Publish'}
          </Button>
        </Group>
        {visibility === 'publish' && assembling && (
          <Text size="sm" c="dimmed" ta="right">
            The episode is being assembled; Publish opens once it is ready.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
