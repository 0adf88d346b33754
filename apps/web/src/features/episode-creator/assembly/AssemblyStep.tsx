import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  ASSEMBLY_MESSAGES,
  CREATOR_STEP_COPY,
  EPISODE_CREATOR_MESSAGES,
  PUBLISH_MESSAGES,
  type TAssembledEpisode,
  type TPublishMode,
  type TPublishStatus,
} from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { PublishDialog } from '../../publishing/PublishDialog.tsx';
import { formatScheduled } from '../../publishing/schedule-time.ts';
import {
  RESULT_TOAST_ID,
  estimateText,
  modeAfterPublish,
  offersPublish,
  resultView,
  withHostFailure,
  type ResultView,
} from './assembly-result.ts';
import { usePublishFollowUp } from './use-publish-follow-up.ts';
import { useJobStatus } from './use-job-status.ts';
import { AssemblyFailure } from './AssemblyFailure.tsx';

type Mode = 'now' | 'draft' | 'schedule';

interface Props {
  episodeId: string;
  mode: Mode;
  audioSeconds: number | null;
  /** The main audio's file name: its kind picks the estimate when the duration is unknown. */
  audioFilename: string | null;
  onBackToDashboard(): void;
  /** A new build with the same template and audio. */
  onStartOver(): void;
}

function Assembling({ progress, estimate }: { progress: number | null; estimate: string | null }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="md" data-testid="assembly-progress">
        <Loader size="lg" aria-label="Assembling" />
        <Title order={2}>Assembling your episode…</Title>
        {estimate && <Text c="dimmed">Estimated processing time: {estimate}</Text>}
        <Stack gap={4} w="100%" maw={420}>
          <Progress value={progress ?? 0} animated={progress === null} size="lg" aria-label="Render progress" />
          <Text size="sm" c="dimmed" ta="center">
            {progress === null ? 'Queued' : `${Math.round(progress)}%`}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

interface ResultProps {
  episode: TAssembledEpisode;
  mode: Mode;
  publish: Parameters<typeof resultView>[1];
  /** When a scheduled episode goes live, as the host reports it, with the local wording naming the zone it was picked in. */
  publishAt: Date | null;
  publishAtLocal: string | null;
  onBackToDashboard(): void;
}

/** Why the schedule was refused or the publish failed, when it was. */
function PublishProblems({ view }: { view: ResultView }) {
  return (
    <>
      {view.scheduleInvalid && (
        <Alert color="orange" title={EPISODE_CREATOR_MESSAGES.scheduleInvalid} data-testid="schedule-invalid">
          {view.scheduleInvalid}
        </Alert>
      )}
      {view.publishError && (
        <Alert color="red" title={EPISODE_CREATOR_MESSAGES.publishFailed}>
          {view.publishError}
        </Alert>
      )}
    </>
  );
}

/** The assembled episode's title and description. */
function EpisodeSummary({ episode }: { episode: TAssembledEpisode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {episode.title}
      </Title>
      {episode.description && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {episode.description}
        </Text>
      )}
    </Stack>
  );
}

/** The result of the assembly: what became of it, the episode, its audio, and Publish for a draft. */
function Result({ episode, mode, publish, publishAt, publishAtLocal, onBackToDashboard }: ResultProps) {
  // A draft published from here is headed as what it became ('Published', 'Scheduled'), not 'Draft Ready'.
  const [published, setPublished] = useState<TPublishStatus | null>(null);
  const view = published ? resultView(modeAfterPublish(published), null) : resultView(mode, publish);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md" data-testid="assembly-result">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={32} color="var(--mantine-color-green-6)" aria-hidden="true" />
          <Title order={2}>{view.heading}</Title>
        </Group>
        <Text>{view.text}</Text>
        {publish?.outcome === 'scheduled' && publishAt && (
          <Text size="sm" c="dimmed" data-testid="scheduled-for">
            Goes live {formatScheduled(publishAt, publishAtLocal)}
          </Text>
        )}
        <PublishProblems view={view} />
        <EpisodeSummary episode={episode} />
        {episode.final_audio_url && <audio controls src={episode.final_audio_url} style={{ width: '100%' }} data-testid="final-audio" />}
        {offersPublish(mode, publish) ? (
          <PublishFromResult
            episode={episode}
            onBackToDashboard={onBackToDashboard}
            onPublished={(status) => {
              notifications.hide(RESULT_TOAST_ID);
              setPublished(status);
            }}
          />
        ) : (
          <Group>
            <Button onClick={onBackToDashboard}>{CREATOR_STEP_COPY.backToDashboard}</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** What happened to a draft published from the result: 'Published' or when it is scheduled for. */
function publishedText(status: TPublishStatus): string {
  if (status.status === 'scheduled' && status.publish_at) {
    return `${PUBLISH_MESSAGES.scheduled} for ${formatScheduled(status.publish_at, status.publish_at_local)}.`;
  }
  return status.status === 'published' ? PUBLISH_MESSAGES.publishedBuiltin : 'Publishing…';
}

/** A draft's way on from the result: Publish now or Schedule (the publish dialog), then what it became. */
function PublishFromResult({
  episode,
  onBackToDashboard,
  onPublished,
}: {
  episode: TAssembledEpisode;
  onBackToDashboard(): void;
  onPublished(status: TPublishStatus): void;
}) {
  const current = trpc.publishing.status.useQuery({ id: episode.id }, { retry: false });
  const [dialog, setDialog] = useState<TPublishMode | null>(null);
  const [done, setDone] = useState<TPublishStatus | null>(null);
  const visibility = current.data?.visibility ?? 'public';
  return (
    <Stack gap="sm">
      {done && (
        <Alert color="green" data-testid="result-published">
          {publishedText(done)}
        </Alert>
      )}
      <Group>
        {!done && (
          <>
            <Button onClick={() => setDialog('now')}>Publish now</Button>
            <Button variant="light" onClick={() => setDialog('schedule')}>
              Schedule
            </Button>
          </>
        )}
        <Button variant={done ? 'filled' : 'default'} onClick={onBackToDashboard}>
          {CREATOR_STEP_COPY.backToDashboard}
        </Button>
      </Group>
      <PublishDialog
        key={dialog ?? 'closed'}
        episode={dialog ? { id: episode.id, title: episode.title, visibility } : null}
        initialMode={dialog ?? 'now'}
        failureTitle={PUBLISH_MESSAGES.publishFailedAlert}
        onClose={() => setDialog(null)}
        onDone={(status) => {
          setDialog(null);
          setDone(status);
          onPublished(status);
        }}
      />
    </Stack>
  );
}

/** Step 6 Assembly (spec 000 §2, §4): spinner, progress and estimate, then the result by mode, or the failure and its way on. */
export function AssemblyStep({ episodeId, mode, audioSeconds, audioFilename, onBackToDashboard, onStartOver }: Props) {
  const poll = useJobStatus(episodeId);
  const status = poll.status;
  const toasted = useRef<string | null>(null);
  const done = poll.settled && status?.status === 'processed' && status.episode ? status.episode : null;
  const hostStatus = usePublishFollowUp(episodeId, done ? status?.publish : null);
  const publish = withHostFailure(status?.publish, hostStatus);
  const outcome = publish?.outcome ?? null;

  // One toast per outcome shown: the result's, and 'Publish failed' if the host refuses afterwards.
  useEffect(() => {
    const key = `${status?.job_id ?? ''}:${outcome ?? ''}`;
    if (!done || toasted.current === key) return;
    toasted.current = key;
    const view = resultView(mode, publish);
    notifications.show({ id: RESULT_TOAST_ID, color: view.toast.color, title: view.toast.title, message: view.toast.message });
  }, [done, publish, outcome, mode, status?.job_id]);

  const failed = poll.lost || status?.status === 'error';
  return (
    <Stack gap="lg" data-testid="assembly-step">
      {poll.pollFailed && (
        <Alert color="red" role="alert" title={ASSEMBLY_MESSAGES.pollFailed}>
          {CREATOR_STEP_COPY.stillTrying}
        </Alert>
      )}
      {failed ? (
        <AssemblyFailure
          episodeId={episodeId}
          status={poll.lost ? null : status}
          onRetried={poll.refresh}
          onStartOver={onStartOver}
          onBackToDashboard={onBackToDashboard}
        />
      ) : done && status ? (
        <Result
          episode={done}
          mode={mode}
          publish={publish}
          publishAt={hostStatus?.publish_at ?? null}
          publishAtLocal={hostStatus?.publish_at_local ?? null}
          onBackToDashboard={onBackToDashboard}
        />
      ) : (
        <Assembling progress={status?.progress ?? null} estimate={estimateText(audioSeconds, audioFilename)} />
      )}
    </Stack>
  );
}
