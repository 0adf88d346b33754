import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileText, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EPISODE_CREATOR_SHELL, MEDIA_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { NEW_EPISODE_PATH } from '../workspace/workspace-nav.ts';
import { trpc } from '../../lib/trpc.ts';
import { displayFilename, formatDuration } from './preupload-form.ts';
import { DeleteUploadDialog, LengthWarning, QueueLine, UploadCounts } from './UploadPieces.tsx';
import { RescanButton } from '../transcript/RescanButton.tsx';
import { FallbackNotice } from '../transcript/FallbackNotice.tsx';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';

function StatusBadge({ item }: { item: TMediaItem }) {
  if (item.status === 'ready') return <Badge color="teal">Ready</Badge>;
  if (item.status === 'error') return <Badge color="red">Error</Badge>;
  const progress = item.transcription_progress;
  return (
    <Badge color="gray" variant="light">
      Processing{progress !== null ? ` ${Math.round(progress)}%` : ''}
    </Badge>
  );
}

/** Opened from a notice (?upload=id): this upload is scrolled to (and outlined by its row). */
function useScrolledIntoView(linked: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView({ block: 'center' });
  }, [linked]);
  return ref;
}

/** A ready upload: use it in a new episode, read its transcript, or scan it again. */
function ReadyActions({ item, onTranscript }: { item: TMediaItem; onTranscript: (item: TMediaItem) => void }) {
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={`${NEW_EPISODE_PATH}?upload=${encodeURIComponent(item.id)}`}
        size="compact-sm"
        variant="light"
        leftSection={<IconPlus size={14} />}
        w="fit-content"
      >
        {EPISODE_CREATOR_SHELL.useInNewEpisode}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileText size={14} />}
        onClick={() => onTranscript(item)}
        aria-label={`Transcript of ${item.friendly_name}`}
      >
        Transcript
      </Button>
      <RescanButton mediaId={item.id} name={item.friendly_name} size="compact-sm" />
    </Group>
  );
}

/** A failed transcription: its error and Try again. */
function RetryAfterError({ item }: { item: TMediaItem }) {
  const utils = trpc.useUtils();
  const retry = trpc.media.retry.useMutation({ onSuccess: () => void utils.media.mainContent.invalidate() });
  return (
    <Group gap="xs">
      <Text size="sm" c="red">
        {item.transcription_error}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={retry.isPending}
        onClick={() => retry.mutate({ id: item.id })}
      >
        {MEDIA_MESSAGES.tryAgain}
      </Button>
    </Group>
  );
}

interface UploadRowProps {
  item: TMediaItem;
  linked: boolean;
  onDelete: (item: TMediaItem) => void;
  onTranscript: (item: TMediaItem) => void;
}

function UploadRow({ item, linked, onDelete, onTranscript }: UploadRowProps) {
  const processing = item.status === 'processing';
  const ref = useScrolledIntoView(linked);
  return (
    <Card
      ref={ref}
      withBorder
      padding="md"
      style={{
        ...(processing ? { opacity: 0.65 } : {}),
        ...(linked ? { outline: '2px solid var(--mantine-color-indigo-5)' } : {}),
      }}
      data-testid="processed-upload"
      data-linked={linked || undefined}
      aria-label={item.friendly_name}
      aria-current={linked || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <StatusBadge item={item} />
            <Text fw={700} truncate="end">
              {item.friendly_name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" truncate="end" title={item.original_name}>
            {displayFilename(item.original_name, item.friendly_name !== item.original_name)}
          </Text>
          <Text size="xs" c="dimmed">
            Uploaded {item.created_at.toLocaleString()} · {formatDuration(item.duration_seconds)}
          </Text>
          <LengthWarning item={item} />
          <QueueLine item={item} />
          <UploadCounts item={item} />
          {item.status === 'ready' && <ReadyActions item={item} onTranscript={onTranscript} />}
          <FallbackNotice item={item} onCorrect={() => onTranscript(item)} />
          {item.status === 'error' && <RetryAfterError item={item} />}
        </Stack>
        <Tooltip label="Delete upload">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.friendly_name}`} onClick={() => onDelete(item)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

/** Processed uploads: Ready or Processing, newest first, polled every 5 s while any is processing. */
export function ProcessedUploadsList() {
  const list = trpc.media.mainContent.useQuery(undefined, {
    refetchInterval: (query) => ((query.state.data ?? []).some((i) => i.status === 'processing') ? 5_000 : false),
  });
  const [pending, setPending] = useState<TMediaItem | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [params] = useSearchParams();
  const linkedId = params.get('upload');

  if (list.isPending) return <Loader aria-label="Loading uploads" />;
  if (list.isError) {
    return (
      <Alert color="red" title="Unable to load uploads">
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          {MEDIA_MESSAGES.tryAgain}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {list.data.length === 0 && <Text c="dimmed">No uploads yet. Upload audio above; it appears here while it is processed.</Text>}
      {list.data.map((item) => (
        <UploadRow key={item.id} item={item} linked={item.id === linkedId} onDelete={setPending} onTranscript={(i) => setReading(i.id)} />
      ))}
      <DeleteUploadDialog pending={pending} onClose={() => setPending(null)} />
      <TranscriptEditor source={reading ? { media_id: reading } : null} onClose={() => setReading(null)} />
    </Stack>
  );
}
