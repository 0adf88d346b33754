import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { MEDIA, RECORDER_MESSAGES } from '@ppp/contracts';
import { UploadProgress } from '@ppp/ui';
import { saveProblem } from './recorder-machine.ts';
import { RecordingPreview, StoppedHeader } from './RecordingPreview.tsx';
import type { RecorderControls } from './use-recorder.ts';

interface SavePanelProps {
  rec: RecorderControls;
  maxUploadMb: number;
  uploadError: string | null;
  percent: number | null;
  onSave(name: string): void;
}

/** Stopped with preview: listen back, name it (required), Save or Discard; then the upload's progress. */
export function SavePanel({ rec, maxUploadMb, uploadError, percent, onSave }: SavePanelProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { state, recording } = rec;
  if (state.kind !== 'stopped' && state.kind !== 'uploading') return null;
  const uploading = state.kind === 'uploading';
  const tooLarge = state.sizeBytes >= 0 ? saveProblem(state.sizeBytes, 'x', maxUploadMb) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (state.kind !== 'stopped' || state.sizeBytes < 0) return;
    const found = saveProblem(state.sizeBytes, name, maxUploadMb);
    setProblem(found);
    if (!found) onSave(name.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StoppedHeader elapsedMs={state.elapsedMs} />
        <RecordingPreview url={recording?.url ?? null} />
        <TextInput
          label="Friendly name"
          description="The name this recording gets in your uploads."
          required
          value={name}
          maxLength={MEDIA.friendlyNameMaxLength}
          disabled={uploading}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {(tooLarge ?? problem ?? uploadError) && (
          <Alert color="red" role="alert">
            {tooLarge ?? problem ?? uploadError}
          </Alert>
        )}
        {uploading && percent !== null && <UploadProgress label={name.trim() || 'Recording'} percent={percent} />}
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={rec.discard} disabled={uploading}>
            Discard
          </Button>
          <Button type="submit" loading={uploading} disabled={!recording || tooLarge !== null}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Saved and queued, then transcript ready with 'Create episode'. */
interface SavedPanelProps {
  ready: boolean;
  failed: boolean;
  onCreate(): void;
  onUploads(): void;
  onAgain(): void;
}

export function SavedPanel({ ready, failed, onCreate, onUploads, onAgain }: SavedPanelProps) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="teal" title={RECORDER_MESSAGES.savedQueued} w="100%">
        {RECORDER_MESSAGES.savedQueuedBody}
      </Alert>
      {ready && (
        <Alert color="indigo" title={RECORDER_MESSAGES.transcriptReady} w="100%">
          {RECORDER_MESSAGES.transcriptReadyBody}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert" title={RECORDER_MESSAGES.transcriptionFailed} w="100%">
          {RECORDER_MESSAGES.transcriptionFailedBody}
        </Alert>
      )}
      {!ready && !failed && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Transcribing… this page checks every few seconds.
          </Text>
        </Group>
      )}
      <Group gap="sm">
        {ready ? (
          <Button onClick={onCreate}>Create episode</Button>
        ) : (
          <Button variant="light" onClick={onUploads}>
            Open my uploads
          </Button>
        )}
        <Button variant="default" onClick={onAgain}>
          Record another
        </Button>
      </Group>
    </Stack>
  );
}
