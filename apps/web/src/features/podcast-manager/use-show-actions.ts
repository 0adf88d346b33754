import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import type { TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import type { ShowAction } from './ShowCardParts.tsx';
import { showIdError } from './show-form.ts';

/** ?edit={id}: a feed check item's link opens that show's Edit Podcast; closing it drops the parameter. */
function useEditedShow(shows: TPodcast[] | undefined) {
  const [editing, setEditing] = useState<TPodcast | null>(null);
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const linked = editId ? (shows?.find((s) => s.id === editId) ?? null) : null;
  function closeEdit() {
    setEditing(null);
    if (!editId) return;
    setParams(
      (current) => {
        current.delete('edit');
        current.delete('field');
        return current;
      },
      { replace: true },
    );
  }
  return { editShow: editing ?? linked, setEditing, closeEdit };
}

/** A show card's actions: which dialog is open (edit, delete, checklist) and the hosting changes. */
export function useShowActions(shows: TPodcast[] | undefined) {
  const utils = trpc.useUtils();
  const link = trpc.podcasts.linkSpreakerShow.useMutation();
  const useBuiltin = trpc.podcasts.useBuiltinHost.useMutation();
  const { editShow, setEditing, closeEdit } = useEditedShow(shows);
  const [deleting, setDeleting] = useState<TPodcast | null>(null);
  const [checklist, setChecklist] = useState<TPodcast | null>(null);

  async function linkExisting(show: TPodcast) {
    const answer = window.prompt('Spreaker Show ID to link');
    if (answer === null) return;
    const invalid = showIdError(answer);
    if (invalid) return void notifications.show({ color: 'red', title: 'Failed to link', message: invalid });
    try {
      await link.mutateAsync({ id: show.id, show_id: answer.trim() });
      await utils.podcasts.list.invalidate();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Failed to link', message: toApiFailure(err).message ?? 'Failed to link' });
    }
  }

  function act(action: ShowAction, show: TPodcast) {
    if (action === 'edit') setEditing(show);
    if (action === 'delete') setDeleting(show);
    if (action === 'checklist') setChecklist(show);
    if (action === 'link') void linkExisting(show);
    if (action === 'builtin') void useBuiltin.mutateAsync({ id: show.id }).then(() => utils.podcasts.list.invalidate());
  }

  return {
    act,
    editShow,
    closeEdit,
    deleting,
    closeDelete: () => setDeleting(null),
    checklist,
    closeChecklist: () => setChecklist(null),
  };
}
