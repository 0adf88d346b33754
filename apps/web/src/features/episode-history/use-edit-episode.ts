import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, type TEpisode, type TVisibility } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { changesOf, duplicateOf, numberProblem, podcasting20Problem, valuesOf, type EditValues } from './edit-form.ts';
import { useEpisodeCover } from './use-episode-cover.ts';

/**
 * The edit panel's state: the typed values, the cover, the visibility, what changed and what blocks
 * the save (a bad number, a duplicate pair, no title), and Save (the visibility first, then the fields).
 */
export function useEditEpisode(episode: TEpisode, episodes: readonly TEpisode[], onSaved: (episode: TEpisode) => void) {
  const [values, setValues] = useState<EditValues>(valuesOf(episode));
  const [error, setError] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<TVisibility>(episode.visibility);
  const update = trpc.episodes.update.useMutation();
  const saveVisibility = trpc.publishing.setVisibility.useMutation();
  const cover = useEpisodeCover((cover_image_path) => setValues((v) => ({ ...v, cover_image_path })));
  const visibilityChanged = visibility !== episode.visibility;
  const changes = { ...changesOf(episode, values), ...(cover.crop !== undefined ? { image_crop: cover.crop } : {}) };
  const problems = [numberProblem(values.season_number), numberProblem(values.episode_number)];
  const duplicate = duplicateOf(episode, values, episodes);
  const titleMissing = values.title.trim() === '';
  const podcasting20 = podcasting20Problem(values.podcasting20);
  const unchanged = Object.keys(changes).length === 0 && !visibilityChanged;

  async function save() {
    setError(null);
    try {
      if (visibilityChanged) await saveVisibility.mutateAsync({ id: episode.id, visibility });
      const saved = await update.mutateAsync({ id: episode.id, ...changes });
      notifications.show({ color: 'green', message: 'Changes saved' });
      onSaved(saved);
    } catch (err) {
      const failure = toApiFailure(err);
      setError(failure.message ?? EPISODE_MESSAGES.saveFailed);
      if (changes.template_id !== undefined && failure.status === 404) setError(EPISODE_MESSAGES.templateLinkFailed);
    }
  }

  return {
    values,
    set: (patch: Partial<EditValues>) => setValues((v) => ({ ...v, ...patch })),
    cover,
    visibility,
    setVisibility,
    problems,
    duplicate,
    titleMissing,
    podcasting20,
    error,
    saving: update.isPending || saveVisibility.isPending,
    blocked: unchanged || Boolean(duplicate) || problems.some(Boolean) || titleMissing || podcasting20 !== null,
    save,
  };
}

export type EpisodeEdit = ReturnType<typeof useEditEpisode>;
