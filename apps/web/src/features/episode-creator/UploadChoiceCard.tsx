import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import type { TMediaItem } from '@ppp/contracts';
import { formatDuration } from '../preupload/preupload-form.ts';
import { QueueLine, UploadCounts } from '../preupload/UploadPieces.tsx';
import { RescanButton } from '../transcript/RescanButton.tsx';
import { FallbackNotice } from '../transcript/FallbackNotice.tsx';

interface Props {
  item: TMediaItem;
  selected: boolean;
  onSelect(): void;
  onDelete(): void;
  onTranscript(): void;
  onRescanned(): void;
}

/** Ready or Processing, Selected, and the upload's name. */
function UploadBadges({ item, selected }: { item: TMediaItem; selected: boolean }) {
  return (
    <Group gap="xs" wrap="wrap">
      {item.transcript_ready ? (
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
  );
}

/** The card's body, a button choosing the upload once its transcript is ready. */
function UploadSummary({ item, selected, onSelect }: Pick<Props, 'item' | 'selected' | 'onSelect'>) {
  const ready = item.transcript_ready;
  return (
    <UnstyledButton
      onClick={onSelect}
      disabled={!ready}
      style={{ flex: 1, minWidth: 0, cursor: ready ? 'pointer' : 'not-allowed' }}
      aria-pressed={selected}
      aria-label={`Use ${item.friendly_name}`}
    >
      <Stack gap={4}>
        <UploadBadges item={item} selected={selected} />
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="upload-filename">
          {item.filename}
        </Text>
        <Text size="xs" c="dimmed">
          Uploaded {item.created_at.toLocaleString()} · {formatDuration(item.duration_seconds)}
        </Text>
        <QueueLine item={item} />
        <UploadCounts item={item} size="sm" />
      </Stack>
    </UnstyledButton>
  );
}

/** One upload of 'Choose Audio': choose it, delete it, read its transcript or re-scan it. */
export function UploadChoiceCard({ item, selected, onSelect, onDelete, onTranscript, onRescanned }: Props) {
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
        <UploadSummary item={item} selected={selected} onSelect={onSelect} />
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
      <FallbackNotice item={item} onCorrect={onTranscript} />
    </Card>
  );
}
