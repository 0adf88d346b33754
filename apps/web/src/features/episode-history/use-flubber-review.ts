import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, proposedFlubberCut } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/**
 * The Flubber review: prepares the snippets once per opening, keeps the ticked contexts, and applies
 * their proposed cuts (the episode is then re-rendered).
 */
export function useFlubberReview(episodeId: string | null, onApplied: () => void) {
  const prepare = trpc.episodes.flubberPrepare.useMutation();
  const apply = trpc.episodes.flubberApply.useMutation();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [applyError, setError] = useState<string | null>(null);
  const { mutate: runPrepare } = prepare;
  const contexts = prepare.data?.contexts ?? null;
  const error = applyError ?? (prepare.isError ? (toApiFailure(prepare.error).message ?? EPISODE_MESSAGES.noFlubberContexts) : null);

  // Prepare once per opening (the panel is keyed by the episode): snippets are cut, then the contexts load.
  useEffect(() => {
    if (episodeId) runPrepare({ id: episodeId });
  }, [episodeId, runPrepare]);

  function toggle(index: number, value: boolean) {
    setSelected((set) => {
      const next = new Set(set);
      if (value) next.add(index);
      else next.delete(index);
      return next;
    });
  }

  async function applySelected() {
    if (!episodeId || !contexts) return;
    const cuts = contexts.filter((c) => selected.has(c.flubber_index)).map(proposedFlubberCut);
    if (cuts.length === 0) {
      notifications.show({ color: 'yellow', message: EPISODE_MESSAGES.noCutsSelected });
      return;
    }
    try {
      const result = await apply.mutateAsync({ id: episodeId, cuts });
      notifications.show({
        color: 'green',
        title: 'Retakes cut',
        message: `${(result.removed_ms / 1000).toFixed(2)} s removed; the episode is being re-rendered.`,
      });
      onApplied();
    } catch (err) {
      setError(toApiFailure(err).message ?? EPISODE_MESSAGES.commitFailed);
    }
  }

  return { prepare, contexts, error, selected, toggle, applySelected, applying: apply.isPending };
}
