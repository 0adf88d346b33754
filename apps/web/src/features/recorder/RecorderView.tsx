import { useEffect, useState } from 'react';
import { Alert, Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { MEDIA, RECORDER_MESSAGES, clampMaxUploadMb } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { startBackgroundUpload, useBackgroundUploads } from '../../lib/background-uploads.ts';
import { isAbLayout } from '../ab-workspace/ab-storage.ts';
import { recordingDestination } from '../ab-workspace/ab-routing.ts';
import { recordingFilename } from './recorder-machine.ts';
import { recordingSupported } from './microphone.ts';
import { useRecorder, type RecorderControls } from './use-recorder.ts';
import { CountdownPanel, IdlePanel, LivePanel, MicCheckPanel } from './RecorderPanels.tsx';
import { SavePanel, SavedPanel } from './SavePanel.tsx';

/** Saving: the recording goes to the server as main content over tus, as the pre-upload page sends files. */
function useSave(rec: RecorderControls) {
  const utils = trpc.useUtils();
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useBackgroundUploads().find((u) => u.key === key);

  function save(name: string) {
    if (!rec.recording) return;
    const { blob } = rec.recording;
    const filename = recordingFilename(blob.type, new Date());
    setError(null);
    rec.dispatch({ type: 'upload' });
    setKey(
      startBackgroundUpload(
        new File([blob], filename, { type: blob.type }),
        { filename, category: 'main_content', friendly_name: name },
        {
          onDone: (item) => {
            rec.dispatch({ type: 'uploaded', mediaId: item.id });
            void utils.media.mainContent.invalidate();
          },
          onError: (message) => {
            setError(message);
            rec.dispatch({ type: 'uploadFailed' });
          },
        },
      ),
    );
  }
  return { save, error, percent: upload ? upload.percent : null };
}

/** While saved and queued, GET /api/ai/transcript-ready (transcripts.ready) every 5 s until ready. */
function useTranscriptPoll(rec: RecorderControls) {
  const mediaId = rec.state.kind === 'saved' ? rec.state.mediaId : null;
  const waiting = rec.state.kind === 'saved' && !rec.state.ready;
  const poll = trpc.transcripts.ready.useQuery(
    { hint: mediaId ?? '-' },
    { enabled: waiting && mediaId !== null, refetchInterval: waiting ? MEDIA.transcriptPollMs : false },
  );
  const { dispatch } = rec;
  useEffect(() => {
    if (waiting && poll.data?.ready) dispatch({ type: 'transcriptReady' });
  }, [waiting, poll.data, dispatch]);
  return waiting && poll.data?.status === 'error';
}

interface StageProps {
  rec: RecorderControls;
  supported: boolean;
  maxUploadMb: number;
  save: ReturnType<typeof useSave>;
  transcriptFailed: boolean;
}

function Stage({ rec, supported, maxUploadMb, save, transcriptFailed }: StageProps) {
  const navigate = useNavigate();
  switch (rec.state.kind) {
    case 'idle':
      return <IdlePanel rec={rec} supported={supported} />;
    case 'micCheck':
      return <MicCheckPanel rec={rec} />;
    case 'countdown':
    case 'resuming':
      return <CountdownPanel rec={rec} />;
    case 'recording':
    case 'paused':
    case 'confirmShort':
      return <LivePanel rec={rec} />;
    case 'stopped':
    case 'uploading':
      return <SavePanel rec={rec} maxUploadMb={maxUploadMb} uploadError={save.error} percent={save.percent} onSave={save.save} />;
    case 'saved': {
      const { mediaId } = rec.state;
      return (
        <SavedPanel
          ready={rec.state.ready}
          failed={transcriptFailed}
          onCreate={() => void navigate(recordingDestination(mediaId, true, isAbLayout()))}
          onUploads={() => void navigate(recordingDestination(mediaId, false, isAbLayout()))}
          onAgain={() => rec.dispatch({ type: 'reset' })}
        />
      );
    }
  }
}

/** The in-browser Recorder (spec 002 §2.10): mic check, countdown, record, pause, resume, stop, preview, save. */
export function RecorderView() {
  const rec = useRecorder();
  const save = useSave(rec);
  const transcriptFailed = useTranscriptPoll(rec);
  const config = trpc.public.config.useQuery();
  const maxUploadMb = clampMaxUploadMb(config.data?.max_upload_mb ?? Number.NaN);
  const [supported] = useState(recordingSupported);
  const error = rec.state.kind === 'idle' ? rec.state.error : null;

  function discardShort() {
    rec.discard();
    notifications.show({ color: 'gray', title: RECORDER_MESSAGES.discarded, message: 'Recordings under 30 seconds are not saved.' });
  }

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{RECORDER_MESSAGES.title}</Title>
        <Text c="dimmed">Record in the browser; your recording is uploaded, transcribed and ready for a new episode.</Text>
      </Stack>
      {!supported && (
        <Alert color="red" role="alert">
          {RECORDER_MESSAGES.notSupported}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Card withBorder padding="lg" data-testid="recorder-card" data-state={rec.state.kind}>
        <Stage rec={rec} supported={supported} maxUploadMb={maxUploadMb} save={save} transcriptFailed={transcriptFailed} />
      </Card>
      <Modal opened={rec.state.kind === 'confirmShort'} onClose={rec.keepRecording} title={RECORDER_MESSAGES.tooShortTitle} centered>
        <Stack gap="md">
          <Text size="sm">{RECORDER_MESSAGES.tooShortBody}</Text>
          <DialogActions onCancel={rec.keepRecording} cancelLabel="Keep recording">
            <Button color="red" onClick={discardShort}>
              Discard
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </Stack>
  );
}
