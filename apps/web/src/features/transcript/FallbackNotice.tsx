import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { RETRANSCRIBE_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { RetranscribeButton } from './RetranscribeButton.tsx';
import { TranscriptEditor } from './TranscriptEditor.tsx';

type NoticeItem = Pick<TMediaItem, 'id' | 'friendly_name' | 'status' | 'transcription_fallback'>;

export interface FallbackNoticeProps {
  item: NoticeItem;
  /** Opens the screen's own transcript editor; without it the notice opens the transcript editor itself. */
  onCorrect?(): void;
  /** False where the screen offers correcting the transcript right beside the notice (the Episode Creator's reviews). */
  correctable?: boolean;
  onQueued?(): void;
}

/**
 * Issue 32, never silently: a Ready upload whose transcript the offline recogniser (pocketsphinx)
 * made says so, says what that means for detection, and offers correcting the transcript and, once a
 * better engine runs here, Re-transcribe. Renders nothing for any other upload.
 */
export function FallbackNotice({ item, onCorrect, onQueued, correctable = true }: FallbackNoticeProps) {
  const engine = trpc.retranscribe.engineNow.useQuery({}, { enabled: item.transcription_fallback, staleTime: 60_000 });
  const [editing, setEditing] = useState(false);
  if (!item.transcription_fallback || item.status !== 'ready') return null;
  const better = engine.data && !engine.data.fallback ? engine.data : null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={RETRANSCRIBE_MESSAGES.fallbackTitle}
      data-testid="fallback-notice"
      aria-label={`${RETRANSCRIBE_MESSAGES.fallbackTitle}: ${item.friendly_name}`}
    >
      <Stack gap="xs">
        <Text size="sm">{RETRANSCRIBE_MESSAGES.fallbackBody}</Text>
        {engine.isSuccess && !better && (
          <Text size="xs" c="dimmed">
            {RETRANSCRIBE_MESSAGES.noBetterEngineYet}
          </Text>
        )}
        <Group gap="xs">
          {correctable && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => (onCorrect ? onCorrect() : setEditing(true))}
              aria-label={`${RETRANSCRIBE_MESSAGES.correctTranscript}: ${item.friendly_name}`}
            >
              {RETRANSCRIBE_MESSAGES.correctTranscript}
            </Button>
          )}
          {better && <RetranscribeButton mediaId={item.id} name={item.friendly_name} engine={better} onQueued={onQueued} />}
        </Group>
      </Stack>
      {correctable && !onCorrect && <TranscriptEditor source={editing ? { media_id: item.id } : null} onClose={() => setEditing(false)} />}
    </Alert>
  );
}

/**
 * The notice in the Episode Creator's Flubber and Intern reviews, for the upload known by its id (read
 * from the uploads list); those dialogs offer correcting the transcript right below it.
 */
export function FallbackNoticeFor({ mediaId, onQueued }: { mediaId: string; onQueued?(): void }) {
  const list = trpc.media.mainContent.useQuery(undefined, { staleTime: 30_000 });
  const item = list.data?.find((i) => i.id === mediaId);
  return item ? <FallbackNotice item={item} onQueued={onQueued} correctable={false} /> : null;
}
