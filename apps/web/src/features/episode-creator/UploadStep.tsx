import { useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconFileMusic, IconUpload, IconX } from '@tabler/icons-react';
import { EPISODE_CREATOR_SHELL, MEDIA_MESSAGES, UPLOAD_CONVERSION_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { useAudioUpload } from './use-audio-upload.ts';
import type { CreatorUpload } from './creator-state.ts';

export interface UploadStepProps {
  upload: CreatorUpload | null;
  uploading: boolean;
  onProgress(percent: number | null): void;
  onUploaded(item: TMediaItem): void;
  onChooseProcessed(): void;
}

function dropzoneStyle(over: boolean) {
  return {
    border: `2px dashed var(--mantine-color-${over ? 'indigo-6' : 'gray-4'})`,
    borderRadius: 'var(--mantine-radius-md)',
    padding: 'var(--mantine-spacing-xl)',
    textAlign: 'center' as const,
    background: over ? 'var(--mantine-color-indigo-light)' : undefined,
  };
}

/**
 * Step 2, standard mode: drag-drop or choose an audio file, sent over tus with the header's progress
 * bar (Cancel upload stops it), then transcribed.
 */
export function UploadStep({ upload, uploading, onProgress, onUploaded, onChooseProcessed }: UploadStepProps) {
  const config = trpc.public.config.useQuery();
  const maxMb = config.data?.max_upload_mb ?? 500;
  const sending = useAudioUpload({ maxMb, onProgress, onUploaded });
  const busy = uploading || sending.preparing !== null;
  return (
    <Stack gap="md">
      <AudioDropzone maxMb={maxMb} busy={busy} onFile={(file) => void sending.send(file)} />
      <UploadProgressNotes uploading={uploading} sending={sending} />
      {upload && <ChosenUpload upload={upload} />}
      <BeforeYouUpload />
      <Group>
        <Button variant="subtle" onClick={onChooseProcessed} disabled={uploading}>
          Choose a processed upload instead
        </Button>
      </Group>
    </Stack>
  );
}

interface DropzoneProps {
  maxMb: number;
  /** An upload or a conversion is under way: a dropped file is ignored and the button is off. */
  busy: boolean;
  onFile(file: File): void;
}

/** Drop the main audio here, or choose it. */
function AudioDropzone({ maxMb, busy, onFile }: DropzoneProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const [over, setOver] = useState(false);
  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }
  return (
    <div
      style={dropzoneStyle(over)}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="audio-dropzone"
    >
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconUpload size={26} />
        </ThemeIcon>
        <Text fw={700}>Drag your main audio here</Text>
        <Text size="sm" c="dimmed">
          Up to {maxMb} MB, any audio format.
        </Text>
        <Button leftSection={<IconFileMusic size={16} />} onClick={() => input.current?.click()} disabled={busy}>
          Choose audio file
        </Button>
        <input
          ref={input}
          type="file"
          accept="audio/*"
          hidden
          aria-label="Audio file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </Stack>
    </div>
  );
}

/** Cancel upload while sending, the MP3 conversion's progress and note, and a failed or cancelled upload. */
function UploadProgressNotes({ uploading, sending }: { uploading: boolean; sending: ReturnType<typeof useAudioUpload> }) {
  const { preparing, note, problem, cancelled } = sending;
  return (
    <>
      {uploading && (
        <Group justify="center">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={sending.cancelUpload}>
            Cancel upload
          </Button>
        </Group>
      )}
      {preparing !== null && (
        <Stack gap={4} data-testid="conversion-progress">
          <Text size="sm">
            {UPLOAD_CONVERSION_MESSAGES.preparing}: converting to MP3 in your browser… {Math.round(preparing * 100)}%
          </Text>
          <Progress value={Math.round(preparing * 100)} aria-label={UPLOAD_CONVERSION_MESSAGES.preparing} animated />
        </Stack>
      )}
      {note && (
        <Text size="sm" c="dimmed" data-testid="conversion-note">
          {note}
        </Text>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {cancelled && !uploading && (
        <Alert color="gray" role="status" data-testid="upload-cancelled">
          {MEDIA_MESSAGES.uploadCancelled}
        </Alert>
      )}
    </>
  );
}

/** The uploaded file, ready or still being transcribed. */
function ChosenUpload({ upload }: { upload: CreatorUpload }) {
  return (
    <Card withBorder padding="sm" data-testid="chosen-upload">
      <Group gap="xs">
        {upload.transcript_ready ? (
          <Badge color="teal">Ready</Badge>
        ) : (
          <Badge color="gray" variant="light">
            Processing
          </Badge>
        )}
        <Text fw={600}>{upload.filename}</Text>
      </Group>
      {!upload.transcript_ready && (
        <Text size="xs" c="dimmed">
          Transcribing; this page updates when it is ready.
        </Text>
      )}
    </Card>
  );
}

/** How to prepare the audio, and the automations that follow the upload. */
function BeforeYouUpload() {
  return (
    <>
      <Card withBorder padding="md">
        <Text fw={700} mb={6}>
          Before you upload
        </Text>
        <List
          size="sm"
          spacing={4}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {EPISODE_CREATOR_SHELL.audioPrep.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Card>
      <Alert color="indigo" variant="light" title="Automations">
        After the upload we ask whether to cut retakes marked with "flubber", answer Intern questions in an AI voice and play sound effects
        you cued.
      </Alert>
    </>
  );
}
