import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, PasswordInput, Radio, Stack, Stepper, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PODCAST_MESSAGES, createPodcastForm, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf, toApiFailure } from '../../lib/api-error.ts';
import { categoryOfOption, nameError, showBasicsError, showIdError } from './show-form.ts';
import { ShowBasicsFields, initialShowBasics } from './ShowBasicsFields.tsx';
import { useCoverWarning } from './cover-check.ts';
import { SpreakerConnection } from './SpreakerConnection.tsx';

type Host = 'builtin' | 'spreaker-new' | 'spreaker-link';
const CLOSE_CONFIRM = 'Close the setup? The details you entered will be lost.';

/**
 * The setup wizard dialog (spec 001 'Manage Podcasts', spec 002 §2.9's show steps): Welcome, About
 * your show, Cover art (optional), Connect hosting, AI voices (only when users may bring their own
 * key), All set. Back, Continue and Finish; closing asks for confirmation.
 */
export function SetupWizardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const capabilities = trpc.speech.capabilities.useQuery(undefined, { enabled: opened });
  const spreaker = trpc.spreaker.status.useQuery(undefined, { enabled: opened });
  const createShowCall = trpc.podcasts.create.useMutation();
  const createRemote = trpc.podcasts.createSpreakerShow.useMutation();
  const linkRemote = trpc.podcasts.linkSpreakerShow.useMutation();
  const saveKey = trpc.speech.setElevenLabsKey.useMutation();
  const ownKeys = capabilities.data?.tts_providers.includes('elevenlabs') ?? false;
  const steps = ['Welcome', 'About your show', 'Cover art', 'Connect hosting', ...(ownKeys ? ['AI voices'] : []), 'All set'];
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [basics, setBasics] = useState(initialShowBasics);
  const [cover, setCover] = useState<File | null>(null);
  const coverWarning = useCoverWarning(cover);
  const [host, setHost] = useState<Host>('builtin');
  const [showId, setShowId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [created, setCreated] = useState<TPodcast | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = steps[step];

  function reset() {
    setStep(0);
    setName('');
    setDescription('');
    setBasics(initialShowBasics());
    setCover(null);
    setHost('builtin');
    setShowId('');
    setApiKey('');
    setCreated(null);
    setError(null);
  }

  function close() {
    if (current !== 'All set' && (name || description || cover || created) && !window.confirm(CLOSE_CONFIRM)) return;
    reset();
    onClose();
  }

  async function createShow(): Promise<boolean> {
    if (created) return true;
    try {
      const fields = {
        name: name.trim(),
        description: description.trim(),
        language: basics.language,
        author_name: basics.author.trim(),
        category: categoryOfOption(basics.category),
      };
      setCreated(await createShowCall.mutateAsync(createPodcastForm(fields, cover)));
      await utils.podcasts.list.invalidate();
      return true;
    } catch (err) {
      setError(messageOf(err, 'Failed to create the podcast show.'));
      return false;
    }
  }

  async function connectHost(): Promise<boolean> {
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

  async function next() {
    setError(null);
    if (current === 'About your show') {
      const invalid = nameError(name) ?? showBasicsError(basics);
      if (invalid) return setError(invalid);
    }
    setBusy(true);
    try {
      if (current === 'Cover art' && !(await createShow())) return;
      if (current === 'Connect hosting' && !(await connectHost())) return;
      if (current === 'AI voices' && apiKey.trim()) {
        try {
          await saveKey.mutateAsync({ api_key: apiKey.trim() });
        } catch {
          notifications.show({ color: 'yellow', message: 'The ElevenLabs key was not saved; you can add it later in Settings.' });
        }
      } else if (current === 'AI voices') {
        notifications.show({ color: 'blue', message: 'You can add your ElevenLabs key later in Settings.' });
      }
      setStep((s) => Math.min(s + 1, steps.length - 1));
    } finally {
      setBusy(false);
    }
  }

  const spreakerReady = spreaker.data?.connected ?? false;
  return (
    <Modal opened={opened} onClose={close} title="Set up a new show" size="lg" closeOnClickOutside={false}>
      <Stepper active={step} size="xs" mb="md" allowNextStepsSelect={false}>
        {steps.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Stack>
        {current === 'Welcome' && (
          <Text>Let’s set up your show: its name and description, cover art, and where its episodes are hosted. It takes a minute.</Text>
        )}
        {current === 'About your show' && (
          <>
            <TextInput
              label="Show name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              description="At least 4 characters."
              data-autofocus
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <ShowBasicsFields value={basics} onChange={setBasics} />
          </>
        )}
        {current === 'Cover art' && (
          <FileInput
            label="Cover art (optional)"
            description={PODCAST_MESSAGES.coverHint}
            accept="image/png,image/jpeg"
            value={cover}
            onChange={setCover}
            clearable
            placeholder="Choose an image"
            error={coverWarning}
          />
        )}
        {current === 'Connect hosting' && (
          <Radio.Group value={host} onChange={(v) => setHost(v as Host)} label="Where should episodes be hosted?">
            <Stack gap="xs" mt="xs">
              <Radio value="builtin" label="This server’s own feed (recommended): a public RSS feed any podcast app can subscribe to" />
              <Radio value="spreaker-new" label="A new Spreaker show" disabled={!spreakerReady} />
              <Radio value="spreaker-link" label="An existing Spreaker show" disabled={!spreakerReady} />
              {host === 'spreaker-link' && (
                <TextInput
                  label="Spreaker Show ID"
                  value={showId}
                  onChange={(e) => setShowId(e.currentTarget.value)}
                  error={showId && showIdError(showId)}
                />
              )}
              {!spreakerReady && <SpreakerConnection compact />}
            </Stack>
          </Radio.Group>
        )}
        {current === 'AI voices' && (
          <PasswordInput
            label="ElevenLabs API key (optional)"
            description="Leave empty to use the built-in voices; you can add it later in Settings."
            value={apiKey}
            onChange={(e) => setApiKey(e.currentTarget.value)}
          />
        )}
        {current === 'All set' && created && (
          <Stack gap="xs">
            <Text fw={650}>“{created.name}” is ready.</Text>
            <Text size="sm">
              Its public feed:{' '}
              <Text span ff="monospace">
                {created.rss_url}
              </Text>
            </Text>
          </Stack>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => setStep((s) => Math.max(s - 1, 0))}
            disabled={step === 0 || current === 'All set' || (created !== null && current === 'Connect hosting')}
          >
            Back
          </Button>
          {current === 'All set' ? (
            <Button
              onClick={() => {
                reset();
                onClose();
              }}
            >
              Finish
            </Button>
          ) : (
            <Button onClick={() => void next()} loading={busy}>
              Continue
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
