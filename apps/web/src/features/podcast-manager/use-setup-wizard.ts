import { useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ONBOARDING_MESSAGES, createPodcastForm, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf, toApiFailure } from '../../lib/api-error.ts';
import { ZShowAboutForm, categoryOfOption, showIdError } from './show-form.ts';
import { initialShowBasics, type ShowBasics } from './ShowBasicsFields.tsx';

export type Host = 'builtin' | 'spreaker-new' | 'spreaker-link';

export interface WizardValues {
  name: string;
  description: string;
  basics: ShowBasics;
  cover: File | null;
  host: Host;
  showId: string;
  apiKey: string;
}

function initialValues(): WizardValues {
  return { name: '', description: '', basics: initialShowBasics(), cover: null, host: 'builtin', showId: '', apiKey: '' };
}

/** The wizard's steps: AI voices only where users may bring their own key (spec 001 section 2). */
export function wizardSteps(ownKeyAllowed: boolean): string[] {
  return ['Welcome', 'About your show', 'Cover art', 'Connect hosting', ...(ownKeyAllowed ? ['AI voices'] : []), 'All set'];
}

type SetError = (message: string | null) => void;

/** Makes the show once (Cover art's Continue), then connects its hosting (Connect hosting's Continue). */
function useWizardShow(setError: SetError) {
  const utils = trpc.useUtils();
  const createShowCall = trpc.podcasts.create.useMutation();
  const createRemote = trpc.podcasts.createSpreakerShow.useMutation();
  const linkRemote = trpc.podcasts.linkSpreakerShow.useMutation();
  const [created, setCreated] = useState<TPodcast | null>(null);

  async function createShow(values: WizardValues): Promise<boolean> {
    if (created) return true;
    try {
      const fields = {
        name: values.name.trim(),
        description: values.description.trim(),
        language: values.basics.language,
        author_name: values.basics.author.trim(),
        category: categoryOfOption(values.basics.category),
      };
      setCreated(await createShowCall.mutateAsync(createPodcastForm(fields, values.cover)));
      await utils.podcasts.list.invalidate();
      return true;
    } catch (err) {
      setError(messageOf(err, ONBOARDING_MESSAGES.createShowFailed));
      return false;
    }
  }

  async function connectHost({ host, showId }: WizardValues): Promise<boolean> {
    if (!created || host === 'builtin') return true;
    try {
      if (host === 'spreaker-new') await createRemote.mutateAsync({ id: created.id, title: created.name, language: created.language });
      else {
        const invalid = showIdError(showId);
        if (invalid) return (setError(invalid), false);
        await linkRemote.mutateAsync({ id: created.id, show_id: showId.trim() });
      }
      await utils.podcasts.list.invalidate();
      return true;
    } catch (err) {
      setError(toApiFailure(err).message ?? (host === 'spreaker-new' ? 'Failed to create show' : 'Failed to link'));
      return false;
    }
  }

  return { created, setCreated, createShow, connectHost };
}

/** AI voices' Continue: saves the ElevenLabs key if one was typed; a failure does not stop the wizard. */
function useApiKeySave() {
  const saveKey = trpc.speech.setElevenLabsKey.useMutation();
  return async function saveApiKey(apiKey: string) {
    if (!apiKey.trim()) return notifications.show({ color: 'blue', message: 'You can add your ElevenLabs key later in Settings.' });
    try {
      await saveKey.mutateAsync({ api_key: apiKey.trim() });
    } catch {
      notifications.show({ color: 'yellow', message: 'The ElevenLabs key was not saved; you can add it later in Settings.' });
    }
  };
}

/**
 * The setup wizard's state: the answers in a form checked by the contract's show rules, the step,
 * the show once made, and Continue as one mutation (its pending state is the busy flag).
 */
export function useSetupWizard(opened: boolean) {
  const capabilities = trpc.speech.capabilities.useQuery(undefined, { enabled: opened });
  const form = useForm<WizardValues>({ initialValues: initialValues(), validate: schemaResolver(ZShowAboutForm, { sync: true }) });
  const steps = wizardSteps(capabilities.data?.own_key_allowed ?? false);
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const { created, setCreated, createShow, connectHost } = useWizardShow(setError);
  const saveApiKey = useApiKeySave();
  const current = steps[step];

  async function next() {
    setError(null);
    const values = form.getValues();
    if (current === 'About your show' && form.validate().hasErrors) return;
    if (current === 'Cover art' && !(await createShow(values))) return;
    if (current === 'Connect hosting' && !(await connectHost(values))) return;
    if (current === 'AI voices') await saveApiKey(values.apiKey);
    setStep((s) => Math.min(s + 1, steps.length - 1));
  }
  const advance = useMutation({ mutationFn: next });

  function reset() {
    form.setValues(initialValues());
    form.clearErrors();
    setStep(0);
    setCreated(null);
    setError(null);
  }

  return {
    form,
    steps,
    step,
    current,
    created,
    error,
    busy: advance.isPending,
    next: () => advance.mutate(),
    back: () => setStep((s) => Math.max(s - 1, 0)),
    reset,
  };
}
export type SetupWizard = ReturnType<typeof useSetupWizard>;
