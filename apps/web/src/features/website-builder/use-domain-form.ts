import { useState } from 'react';
import { useForm } from '@mantine/form';
import { ZCustomDomain, type TWebsite } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** The custom domain field, checked with the contract's schema, and its save; `error` is null until a save fails. */
export function useDomainForm(podcastId: string, website: TWebsite, onSaved: (w: TWebsite) => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const save = trpc.website.setDomain.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { custom_domain: website.custom_domain ?? '' },
    validate: { custom_domain: (value) => ZCustomDomain.safeParse(value).error?.issues[0]?.message ?? null },
  });
  async function submit(values: { custom_domain: string }) {
    setError(null);
    try {
      await onSaved(await save.mutateAsync({ podcast_id: podcastId, custom_domain: values.custom_domain }));
    } catch (err) {
      setError(toApiFailure(err).message ?? '');
    }
  }
  return { form, error, saving: save.isPending, submit };
}
