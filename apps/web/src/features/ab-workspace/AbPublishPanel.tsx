import { useState } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { AB_MESSAGES, AB_WORKSPACE, abScheduleOf, type TAbDraft, type TPodcast } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
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

type Episode = NonNullable<ReturnType<typeof useEpisodeStatus>['data']>['episode'];

/** Sending a finalized draft to its show as a draft or published (now or at the schedule), and the host's answer. */
function useAbPublish(draft: TAbDraft) {
  const utils = trpc.useUtils();
  const publish = trpc.abWorkspace.publish.useMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(showId: string | null, visibility: Visibility, schedule: string) {
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

  return { submit, result, pending: publish.isPending };
}

/** Finalize (spec 002 §2.11): Draft or Publish, the schedule (disabled in Draft), 'Save for Draft' or 'Publish', the host's answer. */
export function AbPublishPanel({ draft }: { draft: TAbDraft }) {
  const shows = trpc.podcasts.list.useQuery();
  const status = useEpisodeStatus(draft);
  const publish = useAbPublish(draft);
  const [visibility, setVisibility] = useState<Visibility>('draft');
  const [showId, setShowId] = useState<string | null>(draft.podcast_id);
  const [schedule, setSchedule] = useState('');
  const episode = status.data?.episode ?? null;
  const assembling = Boolean(draft.episode_id) && (!episode || !SETTLED.includes(episode.status));

  return (
    <TitledCard title="Finalize" id="ab-finalize">
      <FinalizeFields
        visibility={visibility}
        onVisibility={setVisibility}
        shows={shows.data ?? []}
        showId={showId}
        onShow={setShowId}
        schedule={schedule}
        onSchedule={setSchedule}
      />
      <EpisodeState episode={episode} />
      {publish.result && <Alert color={publish.result.ok ? 'teal' : 'red'} role="alert" title={publish.result.message} />}
      <Group justify="flex-end">
        <Button
          onClick={() => void publish.submit(showId, visibility, schedule)}
          loading={publish.pending}
          disabled={visibility === 'publish' && assembling}
        >
          {visibility === 'draft' ? 'Save for Draft' : 'Publish'}
        </Button>
      </Group>
      {visibility === 'publish' && assembling && (
        <Text size="sm" c="dimmed" ta="right">
          The episode is being assembled; Publish opens once it is ready.
        </Text>
      )}
    </TitledCard>
  );
}

interface FieldsProps {
  visibility: Visibility;
  onVisibility: (visibility: Visibility) => void;
  shows: readonly TPodcast[];
  showId: string | null;
  onShow: (id: string | null) => void;
  schedule: string;
  onSchedule: (schedule: string) => void;
}

/** Draft or Publish, the show, and the schedule (Publish only). */
function FinalizeFields({ visibility, onVisibility, shows, showId, onShow, schedule, onSchedule }: FieldsProps) {
  return (
    <>
      <SegmentedControl
        aria-label="Visibility"
        value={visibility}
        onChange={(v) => onVisibility(v === 'publish' ? 'publish' : 'draft')}
        data={[
          { value: 'draft', label: 'Draft' },
          { value: 'publish', label: 'Publish' },
        ]}
      />
      <Select
        label="Show"
        placeholder={AB_MESSAGES.chooseShow}
        data={shows.map((s) => ({ value: s.id, label: s.name }))}
        value={showId}
        onChange={onShow}
        allowDeselect={false}
      />
      <TextInput
        type="datetime-local"
        label="Schedule (optional)"
        description={visibility === 'draft' ? 'Choose Publish to schedule.' : 'Leave empty to publish now.'}
        disabled={visibility === 'draft'}
        value={schedule}
        onChange={(e) => onSchedule(e.currentTarget.value)}
      />
    </>
  );
}

/** The episode's status (and publish state), and why publishing failed. */
function EpisodeState({ episode }: { episode: Episode | null }) {
  if (!episode) return null;
  return (
    <>
      <Group gap="xs">
        <Text size="sm">Episode:</Text>
        <Badge variant="light" data-testid="ab-episode-status">
          {episode.status}
          {episode.publish_state && episode.publish_state !== episode.status ? ` · ${episode.publish_state}` : ''}
        </Badge>
      </Group>
      {episode.publish_error && (
        <Alert color="red" title={AB_MESSAGES.publishFailed}>
          {episode.publish_error}
        </Alert>
      )}
    </>
  );
}
