import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconFileText, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { EPISODE_CREATOR, EPISODE_CREATOR_SHELL, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { formatDuration } from '../preupload/preupload-form.ts';
import { DeleteUploadDialog, UploadCounts } from '../preupload/UploadPieces.tsx';
import { RescanButton } from '../transcript/RescanButton.tsx';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';

export interface ChooseAudioStepProps {
  selectedId: string | null;
  onSelect(item: TMediaItem): void;
  onDeleted(id: string): void;
  onUploadAudio(): void;
  onConfigureAutomations(): void;
  /** After Re-scan of an upload: the build forgets the retakes and commands it read from it. */
  onRescanned?(id: string): void;
}

interface UploadItemProps {
  item: TMediaItem;
  selected: boolean;
  onSelect(): void;
  onDelete(): void;
  onTranscript(): void;
  onRescanned(): void;
}

function UploadItem({ item, selected, onSelect, onDelete, onTranscript, onRescanned }: UploadItemProps) {
  const ready = item.transcript_ready;
  return (
    <Card
      withBorder
      padding="sm"
      style={{
        opacity: ready ? 1 : 0.6,
        borderColor: selected ? 'var(--mantine-color-indigo-6)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
      data-testid="creator-upload"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton
          onClick={onSelect}
          disabled={!ready}
          style={{ flex: 1, minWidth: 0, cursor: ready ? 'pointer' : 'not-allowed' }}
          aria-pressed={selected}
          aria-label={`Use ${item.friendly_name}`}
        >
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              {ready ? (
                <Badge color="teal" style={{ flexShrink: 0 }}>
                  Ready
                </Badge>
              ) : (
                <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                  Processing
                </Badge>
              )}
              {selected && (
                <Badge color="indigo" variant="filled" style={{ flexShrink: 0 }}>
                  Selected
                </Badge>
              )}
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {item.friendly_name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="upload-filename">
              {item.filename}
            </Text>
            <Text size="xs" c="dimmed">
              Uploaded {item.created_at.toLocaleString()} · {formatDuration(item.duration_seconds)}
            </Text>
            <UploadCounts item={item} size="sm" />
          </Stack>
        </UnstyledButton>
        <Tooltip label="Delete upload">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.friendly_name}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {ready && (
        <Group gap={6} mt="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileText size={14} />}
            onClick={onTranscript}
            aria-label={`Transcript of ${item.friendly_name}`}
          >
            Transcript
          </Button>
          <RescanButton mediaId={item.id} name={item.friendly_name} onDone={onRescanned} />
        </Group>
      )}
    </Card>
  );
}

/** Step 2 in preuploaded mode, 'Choose Audio': Ready and Processing uploads with their cue counts. */
export function ChooseAudioStep({
  selectedId,
  onSelect,
  onDeleted,
  onUploadAudio,
  onConfigureAutomations,
  onRescanned,
}: ChooseAudioStepProps) {
  const list = trpc.media.mainContent.useQuery(undefined, {
    refetchInterval: (query) =>
      (query.state.data ?? []).some((i) => i.status === 'processing') ? EPISODE_CREATOR.transcriptPollMs : false,
  });
  const [pending, setPending] = useState<TMediaItem | null>(null);
  const [reading, setReading] = useState<string | null>(null);

  const items = (list.data ?? []).filter((i) => i.status !== 'error');
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
        <Button variant="light" leftSection={<IconUpload size={16} />} onClick={onUploadAudio}>
          {EPISODE_CREATOR_SHELL.uploadAudio}
        </Button>
        <Button variant="light" leftSection={<IconAdjustments size={16} />} onClick={onConfigureAutomations} disabled={!selectedId}>
          {EPISODE_CREATOR_SHELL.configureAutomations}
        </Button>
      </Group>
      {list.isPending && <Loader aria-label="Loading uploads" />}
      {list.isError && (
        <Alert color="red" title={toApiFailure(list.error).message ?? 'Unable to load uploads'}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {EPISODE_CREATOR_SHELL.tryAgain}
          </Button>
        </Alert>
      )}
      {list.isSuccess && items.length === 0 && <Text c="dimmed">No processed uploads yet. Upload audio to start.</Text>}
      {items.map((item) => (
        <UploadItem
          key={item.id}
          item={item}
          selected={item.id === selectedId}
          onSelect={() => onSelect(item)}
          onDelete={() => setPending(item)}
          onTranscript={() => setReading(item.id)}
          onRescanned={() => onRescanned?.(item.id)}
        />
      ))}
      <DeleteUploadDialog pending={pending} onClose={() => setPending(null)} onDeleted={onDeleted} />
      <TranscriptEditor source={reading ? { media_id: reading } : null} onClose={() => setReading(null)} />
    </Stack>
  );
}
