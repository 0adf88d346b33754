import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { CREATOR_STEP_COPY, type TFeedCheck } from '@ppp/contracts';
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
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <DetailsFields draft={step.draft} shown={step.shown} ai={step.ai} autoPublishLocked={step.autoPublishLocked} patch={step.patch} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <DetailsSidebar minutes={step.minutes} checklist={step.checklist} feedCheck={step.feedCheck} />
        </Grid.Col>
      </Grid>
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
