import { PUBLISH_LIMITS, type TEpisode } from '@ppp/contracts';
import { PublishDialog } from '../publishing/PublishDialog.tsx';
import { UnpublishDialog } from '../publishing/UnpublishDialog.tsx';
import { EpisodeTranscriptEditor } from './EpisodeTranscript.tsx';
import type { EpisodeAction } from './EpisodeMenu.tsx';
import { EditEpisodePanel } from './EditEpisodePanel.tsx';
import { DeleteEpisodeDialog } from './DeleteEpisodeDialog.tsx';
import { ManualEditorOverlay } from './ManualEditorOverlay.tsx';
import { FlubberReviewPanel } from './FlubberReviewPanel.tsx';
import type { useAllEpisodes } from './use-episodes.ts';

/** The dialog an episode's action opened (Retry and Publish again open none). */
export type EpisodeDialog = { kind: Exclude<EpisodeAction, 'retry' | 'republish'>; episode: TEpisode } | null;

interface Props {
  dialog: EpisodeDialog;
  onClose: () => void;
  episodes: ReturnType<typeof useAllEpisodes>;
  /** Goes from one dialog to another (the edit panel to the transcript, the transcript to the retakes). */
  onSwitch?: (dialog: EpisodeDialog) => void;
}

/** Every dialog of Episode History, the one the current action opened shown: edit, delete, publish, schedule, unpublish, cut, transcript, retakes. */
export function EpisodeDialogs({ dialog, onClose, onSwitch, episodes }: Props) {
  const { setEpisodes, reload, reloadAfter } = episodes;
  const episodeFor = (...kinds: NonNullable<EpisodeDialog>['kind'][]) => (dialog && kinds.includes(dialog.kind) ? dialog.episode : null);
  const closeAndReload = () => {
    onClose();
    void reload();
  };
  const publishing = episodeFor('publish', 'schedule');
  return (
    <>
      <EditEpisodePanel
        episode={episodeFor('edit')}
        episodes={episodes.episodes ?? []}
        onClose={onClose}
        onTranscript={onSwitch && dialog ? () => onSwitch({ kind: 'transcript', episode: dialog.episode }) : undefined}
        onSaved={(saved) => {
          setEpisodes((list) => list?.map((e) => (e.id === saved.id ? saved : e)) ?? null);
          onClose();
        }}
      />
      <DeleteEpisodeDialog
        episode={episodeFor('delete')}
        onClose={onClose}
        onDeleted={(id) => {
          setEpisodes((list) => list?.filter((e) => e.id !== id) ?? null);
          onClose();
        }}
      />
      <PublishDialog
        key={publishing && dialog ? `${dialog.kind}-${publishing.id}` : 'closed'}
        episode={publishing}
        initialMode={dialog?.kind === 'schedule' ? 'schedule' : 'now'}
        onClose={onClose}
        onDone={closeAndReload}
      />
      <UnpublishDialog
        episode={episodeFor('unpublish')}
        onClose={onClose}
        onDone={() => {
          onClose();
          reloadAfter(PUBLISH_LIMITS.reloadAfterUnpublishMs);
        }}
      />
      <EpisodeEditors dialog={dialog} onClose={onClose} onDone={closeAndReload} onSwitch={onSwitch} />
    </>
  );
}

/** The editors that change an episode's audio or words: the manual cut, the transcript and the retakes. */
function EpisodeEditors({
  dialog,
  onClose,
  onDone,
  onSwitch,
}: { dialog: EpisodeDialog; onClose: () => void; onDone: () => void } & Pick<Props, 'onSwitch'>) {
  const manual = dialog?.kind === 'manual-edit' ? dialog.episode : null;
  const retakes = dialog?.kind === 'retakes' ? dialog.episode : null;
  return (
    <>
      <ManualEditorOverlay episodeId={manual?.id ?? null} title={dialog?.episode.title ?? ''} onClose={onClose} onCommitted={onDone} />
      <EpisodeTranscriptEditor
        episode={dialog?.kind === 'transcript' ? dialog.episode : null}
        onClose={onClose}
        onReviewRetakes={onSwitch && ((episode) => onSwitch({ kind: 'retakes', episode }))}
      />
      <FlubberReviewPanel key={retakes ? retakes.id : 'closed'} episodeId={retakes?.id ?? null} onClose={onClose} onApplied={onDone} />
    </>
  );
}
