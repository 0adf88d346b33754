import { useState } from 'react';
import { useForm } from '@mantine/form';
import { ZCustomDomain, type TWebsite } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** The custom domain field, checked with the contract's schema, its save and Verify now; `error` is null until one fails. */
export function useDomainForm(podcastId: string, website: TWebsite, onSaved: (w: TWebsite) => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const save = trpc.website.setDomain.useMutation();
  const verifyNow = trpc.website.verifyDomain.useMutation();
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
  /** Looks for the domain's proof now (issue 35); the answer carries its state and any reason. */
  async function verify() {
    setError(null);
    try {
      await onSaved(await verifyNow.mutateAsync({ podcast_id: podcastId }));
    } catch (err) {
      setError(toApiFailure(err).message ?? '');
    }
  }
  return { form, error, saving: save.isPending, submit, verify, verifying: verifyNow.isPending };
}
