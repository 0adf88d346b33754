import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconFileDescription,
  IconLayoutList,
  IconPhoto,
  IconPlus,
  IconSparkles,
  IconTemplate,
  IconUpload,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { CREATOR_STEP_COPY, EPISODE_CREATOR, EPISODE_CREATOR_SHELL, WAY_FORWARD_COPY, isQuotaLow } from '@ppp/contracts';
import { UploadProgress, DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import type { CreatorMode } from './creator-state.ts';

const STEP_ICONS: ComponentType<IconProps>[] = [IconTemplate, IconUpload, IconLayoutList, IconPhoto, IconFileDescription, IconSparkles];

/** A step's title; step 2 is 'Choose Audio' in preuploaded mode. */
export function stepTitle(step: number, mode: CreatorMode): string {
  if (step === 2 && mode === 'preuploaded') return EPISODE_CREATOR_SHELL.chooseAudioTitle;
  return EPISODE_CREATOR_SHELL.stepTitles[step - 1] ?? '';
}

function StepIcons({ step, mode }: { step: number; mode: CreatorMode }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between" aria-label="Steps">
      {STEP_ICONS.map((Icon, index) => {
        const n = index + 1;
        const done = n < step;
        const current = n === step;
        return (
          <Tooltip key={n} label={`${n}. ${stepTitle(n, mode)}`}>
            <ThemeIcon
              size={30}
              radius="xl"
              variant={current ? 'filled' : 'light'}
              color={done ? 'teal' : current ? 'indigo' : 'gray'}
              aria-label={`Step ${n}: ${stepTitle(n, mode)}${current ? ' (current)' : done ? ' (done)' : ''}`}
              data-testid={current ? 'current-step' : undefined}
            >
              {done ? <IconCheck size={16} /> : <Icon size={16} />}
            </ThemeIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** What is left of a monthly allowance; a plan without a maximum reads as spec 001 §9 words it. */
function remaining(left: number | null, max: number | null, unlimited = 'unlimited'): string {
  return left === null || max === null ? unlimited : `${left} of ${max}`;
}

/**
 * 'Processing minutes remaining this month' (and the monthly episodes), amber at 10% or less of the
 * maximum. The month's own minutes are counted against its maximum; bought minutes (they roll over)
 * are said apart, and while there are some the month running low is no warning.
 */
function MinutesBanner() {
  const usage = trpc.billing.usage.useQuery();
  if (!usage.data) return null;
  const {
    monthly_minutes_left: left,
    bought_minutes_left: bought,
    max_processing_minutes_month: max,
    episodes_remaining_this_month: episodes,
    max_episodes_month: maxEpisodes,
  } = usage.data;
  const low = (bought === 0 && isQuotaLow(left, max)) || isQuotaLow(episodes, maxEpisodes);
  return (
    <Alert color={low ? 'yellow' : 'indigo'} variant="light" py={6} data-testid="minutes-banner" data-low={low ? 'true' : 'false'}>
      <Text size="sm">
        {EPISODE_CREATOR_SHELL.minutesBanner}: <b>{remaining(left, max, EPISODE_CREATOR_SHELL.minutesUnlimited)}</b>
        {bought > 0 && (
          <>
            {' '}
            · Bought minutes: <b>{bought}</b>
          </>
        )}
        {maxEpisodes !== null && (
          <>
            {' '}
            · Episodes left this month: <b>{remaining(episodes, maxEpisodes)}</b>
          </>
        )}
        {low ? ' — running low.' : ''}
      </Text>
    </Alert>
  );
}

export interface CreatorHeaderProps {
  step: number;
  mode: CreatorMode;
  templateName: string | null;
  showCancel: boolean;
  /** The build's episode is assembled: 'Start another episode' instead of the red Cancel Build (issue 37). */
  finished: boolean;
  uploadPercent: number | null;
  uploadLabel: string | null;
  onBackToDashboard(): void;
  onCancelBuild(): void;
}

/** The step icons, the progress bar and 'Step n of 6: title', once the step is one of the six. */
function StepProgress({ step, mode }: { step: number; mode: CreatorMode }) {
  return (
    <Stack gap={6}>
      <StepIcons step={step} mode={mode} />
      <Progress value={(step / EPISODE_CREATOR.stepCount) * 100} size="sm" aria-label={`Step ${step} of ${EPISODE_CREATOR.stepCount}`} />
      <Text size="sm" fw={600}>
        Step {step} of {EPISODE_CREATOR.stepCount}: {stepTitle(step, mode)}
      </Text>
    </Stack>
  );
}

interface CancelBuildDialogProps {
  opened: boolean;
  /** On the last step the build is assembling and the question says so. */
  assembling: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** 'Cancel Build' asked once more before the build is dropped. */
function CancelBuildDialog({ opened, assembling, onClose, onConfirm }: CancelBuildDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={EPISODE_CREATOR_SHELL.cancelBuild} centered>
      <Stack>
        <Text>{assembling ? CREATOR_STEP_COPY.cancelAssemblingConfirm : EPISODE_CREATOR_SHELL.cancelBuildConfirm}</Text>
        <DialogActions onCancel={onClose} cancelLabel="Keep building">
          <Button color="red" onClick={onConfirm}>
            {EPISODE_CREATOR_SHELL.cancelBuild}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Spec 000 §2 'Header': Back to Dashboard, title, template name, Cancel Build, progress with step icons, upload bar, minutes banner. */
export function CreatorHeader(props: CreatorHeaderProps) {
  const [confirming, setConfirming] = useState(false);
  const known = props.step >= 1 && props.step <= EPISODE_CREATOR.stepCount;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={props.onBackToDashboard} px={4}>
          {EPISODE_CREATOR_SHELL.backToDashboard}
        </Button>
        {props.showCancel && props.finished && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onCancelBuild}>
            {WAY_FORWARD_COPY.startAnother}
          </Button>
        )}
        {props.showCancel && !props.finished && (
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            {EPISODE_CREATOR_SHELL.cancelBuild}
          </Button>
        )}
      </Group>
      <div>
        <Title order={1}>{EPISODE_CREATOR_SHELL.title}</Title>
        {props.templateName && (
          <Text c="dimmed" size="sm" data-testid="creator-template-name">
            Template: {props.templateName}
          </Text>
        )}
      </div>
      {known && <StepProgress step={props.step} mode={props.mode} />}
      {props.uploadPercent !== null && <UploadProgress label={props.uploadLabel ?? 'Main content'} percent={props.uploadPercent} />}
      <MinutesBanner />
      <CancelBuildDialog
        opened={confirming}
        assembling={props.step === EPISODE_CREATOR.stepCount}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onCancelBuild();
        }}
      />
    </Stack>
  );
}
