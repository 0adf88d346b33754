import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { EPISODE_MESSAGES, type TEditContext } from '@ppp/contracts';
import { WaveformCutEditor } from '@ppp/ui';
import { useManualEdit } from './use-manual-edit.ts';

type ManualEditorOverlayProps = { episodeId: string | null; title: string; onClose: () => void; onCommitted: () => void };

/**
 * The manual editor overlay: the edit context, the worker's peaks (the audio itself is only streamed
 * for playback), the cut editor, and Commit, after which the worker re-renders the episode.
 */
export function ManualEditorOverlay({ episodeId, title, onClose, onCommitted }: ManualEditorOverlayProps) {
  const edit = useManualEdit(episodeId, onCommitted);
  const { context, peaks } = edit;
  return (
    <Modal
      opened={episodeId !== null}
      onClose={onClose}
      fullScreen
      title={<Text fw={700}>Manual editor: {title}</Text>}
      closeOnEscape={false}
    >
      <Stack>
        {edit.failed && (
          <Alert color="red" title={EPISODE_MESSAGES.editContextFailed}>
            {edit.failed}
          </Alert>
        )}
        {context && <EditContextNotes context={context} />}
        {context && !edit.peaksUrl && (
          <Alert color="yellow">The waveform is not ready yet. Try again once the episode has finished processing.</Alert>
        )}
        {edit.peaksFailed && (
          <Alert color="red" title={EPISODE_MESSAGES.editContextFailed}>
            The waveform could not be loaded.
          </Alert>
        )}
        {edit.loading && <Loader aria-label="Loading the waveform" />}
        {context && peaks && (
          <WaveformCutEditor
            audioUrl={context.audio_url}
            peaks={peaks}
            durationMs={context.duration_ms}
            onCommit={(cuts) => void edit.onCommit(cuts)}
            committing={edit.committing}
          />
        )}
      </Stack>
    </Modal>
  );
}

/** What the audio already has: earlier manual cuts, and the inserts a cut must cover whole or leave alone. */
function EditContextNotes({ context }: { context: TEditContext }) {
  const cuts = context.existing_cuts.length;
  return (
    <>
      {cuts > 0 && (
        <Text size="sm" c="dimmed">
          {cuts} earlier manual {cuts === 1 ? 'cut is' : 'cuts are'} already removed from this audio.
        </Text>
      )}
      {context.inserts.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="manual-editor-inserts">
          Inserted:{' '}
          {context.inserts.map((insert) => `${insertName(insert)} at ${clock(insert.start_ms)}-${clock(insert.end_ms)}`).join('; ')}. A cut
          over all of one removes it; part of one cannot be cut.
        </Text>
      )}
    </>
  );
}

function insertName(insert: { kind: 'intern' | 'sfx'; title: string }): string {
  return insert.kind === 'intern' ? 'Intern answer' : `sound effect '${insert.title}'`;
}

/** 83_400 -> '1:23.4'. */
function clock(ms: number): string {
  const tenths = Math.round(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.${tenths % 10}`;
}
