import { Alert, Button, Grid, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CREATOR_STEP_COPY, WAY_FORWARD_COPY, type TFeedCheck } from '@ppp/contracts';
import type { PublishHold } from './publish-hold.ts';
import { TranscriptPollStopped } from '../WayForward.tsx';
import { MinutesPanel } from './MinutesPanel.tsx';
import { PublishingChecklist } from './PublishingChecklist.tsx';
import { DetailsFields } from './DetailsFields.tsx';
import { DetailsNotices } from './DetailsNotices.tsx';
import type { ChecklistItem } from './details-rules.ts';
import type { MinutesCheck } from './use-details-data.ts';
import { useDetailsStep, type DetailsStepInput } from './use-details-step.ts';

export type { DetailsDraft } from './details-rules.ts';

interface Props extends DetailsStepInput {
  onBack(): void;
  submitting: boolean;
}

/** The right column: the processing minutes this episode needs and the publishing checklist. */
function DetailsSidebar({
  minutes,
  checklist,
  feedCheck,
}: {
  minutes: MinutesCheck;
  checklist: ChecklistItem[];
  feedCheck: TFeedCheck | null;
}) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          Processing minutes
        </Text>
        <MinutesPanel check={minutes} />
      </Paper>
      <PublishingChecklist items={checklist} feedCheck={feedCheck} />
    </Stack>
  );
}

/** Issue 37: Assemble held back for Publish now / Schedule, what would fail and 'Fix it' to the field. */
function PublishHeldBack({ hold }: { hold: PublishHold }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} aria-hidden="true" />} data-testid="publish-held-back">
      <Stack gap={6}>
        <Text size="sm">{WAY_FORWARD_COPY.publishHeldBack}</Text>
        <List size="sm" spacing={2}>
          {hold.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
        <Group>
          <Button component={Link} to={hold.fixPath} size="xs" variant="light" color="orange">
            {WAY_FORWARD_COPY.fixIt}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Step 5 Episode Details & Scheduling (spec 000 §2, §4, §5). */
export function DetailsStep({ onBack, submitting, ...input }: Props) {
  const step = useDetailsStep(input);
  return (
    <Stack gap="lg" data-testid="details-step">
      <DetailsNotices
        testMode={step.testMode}
        transcriptReady={step.transcriptReady}
        filename={input.upload.filename}
        autoFill={step.autoFill}
        quotaExceeded={step.quotaExceeded}
      />
      <TranscriptPollStopped poll={step.transcriptPoll} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <DetailsFields draft={step.draft} shown={step.shown} ai={step.ai} autoPublishLocked={step.autoPublishLocked} patch={step.patch} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <DetailsSidebar minutes={step.minutes} checklist={step.checklist} feedCheck={step.feedCheck} />
        </Grid.Col>
      </Grid>
      {step.hold && <PublishHeldBack hold={step.hold} />}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button onClick={() => void step.submit()} loading={submitting} disabled={step.blocked}>
          {CREATOR_STEP_COPY.assembleButton}
        </Button>
      </Group>
    </Stack>
  );
}
