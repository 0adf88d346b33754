import { Alert, Anchor, Box, Button, Card, Container, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { trpc } from '../../lib/trpc.ts';
import { ONBOARDING_MESSAGES, type TMe } from '@ppp/contracts';
import { BrandLogo } from '@ppp/ui';
import { GuidedTour } from './GuidedTour.tsx';
import { STEP_COPY } from './step-copy.ts';
import { markOnboardingSkipped } from './onboarding-storage.ts';
import { useOnboardingFlow } from './use-onboarding-flow.ts';
import { autoAdvanceDelay, nextVisible, stepNumber, stepsFor } from './wizard.ts';
import { ChoosePathStep, FormatStep, ShowDetailsStep, YourNameStep } from './steps/BasicsSteps.tsx';
import { CoverArtStep } from './steps/CoverArtStep.tsx';
import { IntroOutroStep } from './steps/IntroOutroStep.tsx';
import { TtsReviewStep } from './steps/TtsReviewStep.tsx';
import { MusicStep } from './steps/MusicStep.tsx';
import { HostStep } from './steps/HostStep.tsx';
import { PublishCadenceStep, PublishScheduleStep } from './steps/ScheduleSteps.tsx';
import { FinishStep } from './steps/FinishStep.tsx';
import { AutoStep, ConfirmStep, RssStep } from './steps/ImportSteps.tsx';

type Flow = ReturnType<typeof useOnboardingFlow>;

/** Messages a step shows at its own field; anything else shows under the step. */
const FIELD_MESSAGES = new Set<string>([
  ONBOARDING_MESSAGES.firstNameRequired,
  ONBOARDING_MESSAGES.nameMin,
  ONBOARDING_MESSAGES.descriptionRequired,
  ONBOARDING_MESSAGES.coverRequired,
  ONBOARDING_MESSAGES.hostRequired,
  ONBOARDING_MESSAGES.frequencyRequired,
  ONBOARDING_MESSAGES.countMin,
  ONBOARDING_MESSAGES.biweeklyCount,
  ONBOARDING_MESSAGES.rssRequired,
  ONBOARDING_MESSAGES.weekdayRequired,
  ONBOARDING_MESSAGES.dateRequired,
  ...(['intro', 'outro'] as const).flatMap((k) => [ONBOARDING_MESSAGES.scriptRequired(k), ONBOARDING_MESSAGES.fileRequired(k)]),
]);

function StepBody({ flow, musicName }: { flow: Flow; musicName: string | null }) {
  const { state, update, error } = flow;
  const props = { state, update, error };
  switch (state.step) {
    case 'yourName':
      return <YourNameStep {...props} />;
    case 'choosePath':
      return <ChoosePathStep onChoose={flow.choosePath} />;
    case 'showDetails':
      return <ShowDetailsStep {...props} />;
    case 'format':
      return <FormatStep {...props} />;
    case 'coverArt':
      return <CoverArtStep {...props} />;
    case 'introOutro':
      return <IntroOutroStep {...props} files={flow.files} onFile={flow.setFile} />;
    case 'ttsReview':
      return <TtsReviewStep state={state} update={update} onContinue={flow.afterReview} onRetry={flow.retryClips} />;
    case 'music':
      return <MusicStep {...props} />;
    case 'spreaker':
      return <HostStep {...props} />;
    case 'publishCadence':
      return <PublishCadenceStep {...props} />;
    case 'publishSchedule':
      return <PublishScheduleStep {...props} />;
    case 'finish':
      return <FinishStep state={state} phase={flow.finishPhase} musicName={musicName} />;
    case 'rss':
      return <RssStep {...props} onSkip={flow.skipImport} />;
    case 'confirm':
      return <ConfirmStep state={state} onReady={flow.setPreviewOk} />;
    case 'importing':
    case 'analyze':
    case 'assets':
    case 'importSuccess':
    case 'skipNotice':
      return <AutoStep step={state.step} podcastName={state.podcastName} />;
    case 'publishDay':
      // 'The publishDay step renders nothing.'
      return null;
  }
}

function StepList({ flow }: { flow: Flow }) {
  const steps = stepsFor(flow.state.path);
  const current = steps.indexOf(flow.state.step);
  return (
    <Stack gap={2} component="ol" p={0} m={0} aria-label="Steps" style={{ listStyle: 'none' }}>
      {steps.map((step, index) => (
        <Group key={step} component="li" gap="xs" wrap="nowrap" py={4} aria-current={index === current ? 'step' : undefined}>
          <Box
            w={22}
            h={22}
            style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0, fontSize: 12, fontWeight: 700 }}
            bg={
              index < current
                ? 'var(--mantine-primary-color-filled)'
                : index === current
                  ? 'var(--mantine-primary-color-light)'
                  : 'var(--mantine-color-gray-2)'
            }
            c={index < current ? 'white' : undefined}
          >
            {index < current ? <IconCheck size={12} /> : index + 1}
          </Box>
          <Text size="sm" fw={index === current ? 700 : 400} c={index > current ? 'dimmed' : undefined}>
            {STEP_COPY[step].label}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function OnboardingHeader() {
  return (
    <Group
      component="header"
      justify="space-between"
      px="md"
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <BrandLogo withText={false} size="sm" />
        <Text fw={800}>Podcast Plus Plus</Text>
      </Group>
      <Anchor component={Link} to="/dashboard?onboarding=0" size="sm" onClick={markOnboardingSkipped}>
        Skip setup for now
      </Anchor>
    </Group>
  );
}

/** 'Step n of m' with its bar (steps off the path, such as the import's automatic ones, have none), the title and help. */
function StepHeading({ flow }: { flow: Flow }) {
  const { state } = flow;
  const steps = stepsFor(state.path);
  const number = stepNumber(state.path, state.step);
  const copy = STEP_COPY[state.step];
  return (
    <>
      {steps.includes(state.step) ? (
        <Stack gap={6}>
          <Text size="sm" c="dimmed" data-testid="onboarding-step-number">
            Step {number} of {steps.length}
          </Text>
          <Progress value={(number / steps.length) * 100} size="sm" aria-label={`Step ${number} of ${steps.length}`} />
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Title order={1} size="h2">
          {copy.title}
        </Title>
        {copy.help ? <Text c="dimmed">{copy.help}</Text> : null}
      </Stack>
    </>
  );
}

/** Back and Next (Finish setup, Import this show); neither acts on a step that moves on by itself. */
function StepNavigation({ flow }: { flow: Flow }) {
  const { state, busy } = flow;
  const automatic = autoAdvanceDelay(state.step) !== null || state.step === 'importSuccess';
  const nextLabel = state.step === 'finish' ? 'Finish setup' : state.step === 'confirm' ? 'Import this show' : 'Next';
  return (
    <Group justify="space-between" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {flow.canGoBack && !automatic ? (
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={flow.back} disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {nextVisible(state.step) ? (
        <Button
          rightSection={state.step === 'finish' ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
          onClick={() => void flow.next()}
          loading={busy}
          disabled={automatic || (state.step === 'confirm' && !flow.previewOk)}
        >
          {nextLabel}
        </Button>
      ) : null}
    </Group>
  );
}

/** The full-page onboarding flow at /onboarding (spec 002 section 2.9, spec 001 full-page onboarding). */
export function OnboardingPage({ me }: { me: TMe }) {
  const flow = useOnboardingFlow(me);
  const { state, error } = flow;
  const music = trpc.music.assets.useQuery(undefined, { enabled: state.step === 'finish' });
  const musicName = music.data?.assets.find((a) => a.id === state.musicId)?.display_name ?? null;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <OnboardingHeader />
      <GuidedTour />
      <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
        <Grid gap="lg">
          <Grid.Col span={3} visibleFrom="md">
            <Card withBorder radius="lg" padding="lg" component="nav" aria-label="Onboarding steps">
              <StepList flow={flow} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Card withBorder radius="lg" padding="xl" shadow="sm" component="main">
              <Stack gap="lg">
                <StepHeading flow={flow} />
                <StepBody flow={flow} musicName={musicName} />
                {error && !FIELD_MESSAGES.has(error) ? (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                ) : null}
                <StepNavigation flow={flow} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
