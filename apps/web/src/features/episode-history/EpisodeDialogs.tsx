import { PUBLISH_LIMITS, type TEpisode } from '@ppp/contracts';
import { PublishDialog } from '../publishing/PublishDialog.tsx';
import { UnpublishDialog } from '../publishing/UnpublishDialog.tsx';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';
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
}

/** Every dialog of Episode History, the one the current action opened shown: edit, delete, publish, schedule, unpublish, cut, transcript, retakes. */
export function EpisodeDialogs({ dialog, onClose, episodes }: Props) {
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
      <EpisodeEditors dialog={dialog} onClose={onClose} onDone={closeAndReload} />
    </>
  );
}

/** The editors that change an episode's audio or words: the manual cut, the transcript and the retakes. */
function EpisodeEditors({ dialog, onClose, onDone }: { dialog: EpisodeDialog; onClose: () => void; onDone: () => void }) {
  const manual = dialog?.kind === 'manual-edit' ? dialog.episode : null;
  const retakes = dialog?.kind === 'retakes' ? dialog.episode : null;
  return (
    <>
      <ManualEditorOverlay episodeId={manual?.id ?? null} title={dialog?.episode.title ?? ''} onClose={onClose} onCommitted={onDone} />
      <TranscriptEditor source={dialog?.kind === 'transcript' ? { episode_id: dialog.episode.id } : null} onClose={onClose} />
      <FlubberReviewPanel key={retakes ? retakes.id : 'closed'} episodeId={retakes?.id ?? null} onClose={onClose} onApplied={onDone} />
    </>
  );
}
