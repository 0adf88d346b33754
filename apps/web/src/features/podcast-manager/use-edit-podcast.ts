import { useEffect, useRef, useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { PODCAST_MESSAGES, updatePodcastForm, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import {
  ZEditPodcastForm,
  editValues,
  hostIdChangeNeedsConfirm,
  podcasting20Error,
  remoteLoadNotice,
  valuesWithRemote,
  type TEditValues,
} from './show-form.ts';

/** The Edit Podcast form: a show's fields, checked with the contract's name rule. */
function useEditForm(show: TPodcast) {
  return useForm<TEditValues>({ initialValues: editValues(show), validate: schemaResolver(ZEditPodcastForm, { sync: true }) });
}
export type EditPodcastForm = ReturnType<typeof useEditForm>;

/** Checks the form with the contract; a refusal is told in a toast (the Podcasting 2.0 section's, else the name's). */
function checkedForm(form: EditPodcastForm): boolean {
  const checked = form.validate();
  if (!checked.hasErrors) return true;
  notifications.show({ color: 'red', title: 'Error', message: podcasting20Error(checked.errors) ?? PODCAST_MESSAGES.nameMinToast });
  return false;
}

/**
 * A linked show's fields as its host holds them, loaded once into the form (spec 001 section 7,
 * GET /api/spreaker/show/{id}?mapped=true): 'Remote load failed — using local data' on failure,
 * silent on a 404. Only once Spreaker is connected; the form keeps the local copy otherwise.
 */
function useHostCopy(show: TPodcast, form: EditPodcastForm, connected: boolean) {
  const showId = show.spreaker_show_id;
  const remote = trpc.spreaker.mappedShow.useQuery(
    { show_id: showId ?? '' },
    { enabled: Boolean(showId) && connected, retry: false, staleTime: Infinity },
  );
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    if (remote.data) {
      applied.current = true;
      form.setValues(valuesWithRemote(form.getValues(), remote.data));
    } else if (remote.error) {
      applied.current = true;
      const notice = remoteLoadNotice(toApiFailure(remote.error).status);
      if (notice) notifications.show({ color: 'yellow', message: notice });
    }
  }, [remote.data, remote.error, form]);
}

/** Edit Podcast's state: the fields in a form checked by the contract, the cover, and Save as one mutation. */
export function useEditPodcast(show: TPodcast, onClose: () => void) {
  const utils = trpc.useUtils();
  const update = trpc.podcasts.update.useMutation();
  const spreaker = trpc.spreaker.status.useQuery();
  const form = useEditForm(show);
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  useHostCopy(show, form, spreaker.data?.connected ?? false);
  const needsConfirm = hostIdChangeNeedsConfirm(show, form.getValues().spreaker_show_id);

  async function save() {
    setError(null);
    if (!checkedForm(form)) return;
    const values = form.getValues();
    if (needsConfirm && !values.allow_spreaker_id_change) return setError(PODCAST_MESSAGES.confirmHostShowIdChange);
    const fields = {
      id: show.id,
      ...values,
      website_url: values.website_url.trim() || null,
      spreaker_show_id: values.spreaker_show_id.trim() || null,
      category: null,
      category_2: null,
      category_3: null,
    };
    await update.mutateAsync(updatePodcastForm(fields, cover));
    await Promise.all([utils.podcasts.list.invalidate(), utils.podcasts.feedCheck.invalidate({ id: show.id })]);
    notifications.show({ color: 'green', message: 'Podcast saved' });
    onClose();
  }
  const saving = useMutation({
    mutationFn: save,
    onError: (err) => {
      const message = toApiFailure(err).message ?? 'Error';
      notifications.show({ color: 'red', title: 'Error', message });
      setError(message);
    },
  });

  return {
    form,
    cover,
    setCover,
    error,
    needsConfirm,
    /** The host show ID is asked only where Spreaker is set up (or the show already has one). */
    showHostId: Boolean(spreaker.data?.configured) || show.spreaker_show_id !== null,
    busy: saving.isPending,
    save: () => saving.mutate(),
  };
}
