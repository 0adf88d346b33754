import { Alert, Button, FileInput, Group, Modal, PasswordInput, Radio, Stack, Stepper, Text, TextInput, Textarea } from '@mantine/core';
import { PODCAST_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { showIdError } from './show-form.ts';
import { ShowBasicsFields } from './ShowBasicsFields.tsx';
import { useCoverWarning } from './cover-check.ts';
import { SpreakerConnection } from './SpreakerConnection.tsx';
import { useSetupWizard, type Host, type SetupWizard } from './use-setup-wizard.ts';

const CLOSE_CONFIRM = 'Close the setup? The details you entered will be lost.';
type WizardForm = SetupWizard['form'];

/**
 * The setup wizard dialog (spec 001 'Manage Podcasts', spec 002 §2.9's show steps): Welcome, About
 * your show, Cover art (optional), Connect hosting, AI voices (only when users may bring their own
 * key), All set. Back, Continue and Finish; closing asks for confirmation.
 */
export function SetupWizardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const wizard = useSetupWizard(opened);
  const { form, current, created } = wizard;
  const finish = () => {
    wizard.reset();
    onClose();
  };
  function close() {
    const { name, description, cover } = form.getValues();
    if (current !== 'All set' && (name || description || cover || created) && !window.confirm(CLOSE_CONFIRM)) return;
    finish();
  }

  return (
    <Modal opened={opened} onClose={close} title="Set up a new show" size="lg" closeOnClickOutside={false}>
      <Stepper active={wizard.step} size="xs" mb="md" allowNextStepsSelect={false}>
        {wizard.steps.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Stack>
        <WizardStep wizard={wizard} />
        {wizard.error && <Alert color="red">{wizard.error}</Alert>}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={wizard.back}
            disabled={wizard.step === 0 || current === 'All set' || (created !== null && current === 'Connect hosting')}
          >
            Back
          </Button>
          {current === 'All set' ? (
            <Button onClick={finish}>Finish</Button>
          ) : (
            <Button onClick={wizard.next} loading={wizard.busy}>
              Continue
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The current step's content. */
function WizardStep({ wizard }: { wizard: SetupWizard }) {
  const { form, current, created } = wizard;
  return (
    <>
      {current === 'Welcome' && (
        <Text>Let’s set up your show: its name and description, cover art, and where its episodes are hosted. It takes a minute.</Text>
      )}
      {current === 'About your show' && <AboutStep form={form} />}
      {current === 'Cover art' && <CoverStep form={form} />}
      {current === 'Connect hosting' && <HostingStep form={form} />}
      {current === 'AI voices' && (
        <PasswordInput
          label="ElevenLabs API key (optional)"
          description="Leave empty to use the built-in voices; you can add it later in Settings."
          {...form.getInputProps('apiKey')}
        />
      )}
      {current === 'All set' && created && <AllSetStep name={created.name} rssUrl={created.rss_url} />}
    </>
  );
}

function AllSetStep({ name, rssUrl }: { name: string; rssUrl: string }) {
  return (
    <Stack gap="xs">
      <Text fw={650}>“{name}” is ready.</Text>
      <Text size="sm">
        Its public feed:{' '}
        <Text span ff="monospace">
          {rssUrl}
        </Text>
      </Text>
    </Stack>
  );
}

/** About your show: name (the contract's rule), description, and the basics the feed check asks for. */
function AboutStep({ form }: { form: WizardForm }) {
  const basics = form.getValues().basics;
  return (
    <>
      <TextInput label="Show name" required description="At least 4 characters." data-autofocus {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
      <ShowBasicsFields
        value={basics}
        onChange={(next) => form.setFieldValue('basics', next)}
        categoryError={form.errors['basics.category'] as string | undefined}
      />
    </>
  );
}

function CoverStep({ form }: { form: WizardForm }) {
  const coverWarning = useCoverWarning(form.getValues().cover);
  return (
    <FileInput
      label="Cover art (optional)"
      description={PODCAST_MESSAGES.coverHint}
      accept="image/png,image/jpeg"
      clearable
      placeholder="Choose an image"
      {...form.getInputProps('cover')}
      error={coverWarning}
    />
  );
}

/** Connect hosting: the built-in feed, or a new or existing Spreaker show once Spreaker is connected. */
function HostingStep({ form }: { form: WizardForm }) {
  const spreaker = trpc.spreaker.status.useQuery();
  const spreakerReady = spreaker.data?.connected ?? false;
  const { host, showId } = form.getValues();
  return (
    <Radio.Group value={host} onChange={(v) => form.setFieldValue('host', v as Host)} label="Where should episodes be hosted?">
      <Stack gap="xs" mt="xs">
        <Radio value="builtin" label="This server’s own feed (recommended): a public RSS feed any podcast app can subscribe to" />
        <Radio value="spreaker-new" label="A new Spreaker show" disabled={!spreakerReady} />
        <Radio value="spreaker-link" label="An existing Spreaker show" disabled={!spreakerReady} />
        {host === 'spreaker-link' && (
          <TextInput label="Spreaker Show ID" {...form.getInputProps('showId')} error={showId && showIdError(showId)} />
        )}
        {!spreakerReady && <SpreakerConnection compact />}
      </Stack>
    </Radio.Group>
  );
}
