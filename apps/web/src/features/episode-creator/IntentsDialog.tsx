import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR_SHELL } from '@ppp/contracts';
import {
  INTENT_FEATURES,
  INTENT_LABELS,
  answersWithHidden,
  intentHint,
  intentQuestion,
  pendingIntents,
  pendingMessage,
} from './creator-rules.ts';
import { DialogActions } from '@ppp/ui';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';
import type { IntentAnswers, IntentKey } from './creator-state.ts';
import type { IntentsView } from './use-intents.ts';
import { CorrectTranscriptLink } from './CreatorTranscript.tsx';

export interface IntentsDialogProps {
  opened: boolean;
  answers: IntentAnswers;
  intents: IntentsView;
  /** Set when Continue found unanswered questions. */
  prompted: boolean;
  onClose(): void;
  onSubmit(answers: IntentAnswers): void;
}

function Question({
  id,
  count,
  hint,
  value,
  onChange,
}: {
  id: IntentKey;
  count: number | null;
  /** Which engine answers, or what a cue needs (issue 18). */
  hint: string | null;
  value: IntentAnswers[IntentKey];
  onChange(v: 'yes' | 'no'): void;
}) {
  const detected = count !== null && count > 0;
  return (
    <Card withBorder padding="sm" bg={detected ? 'var(--mantine-color-indigo-light)' : undefined} data-testid={`intent-${id}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={700}>{INTENT_LABELS[id]}</Text>
          {detected && (
            <Badge color="indigo" variant="filled">
              Detected {count}
            </Badge>
          )}
        </Group>
        <Text size="sm">{intentQuestion(id, count)}</Text>
        {hint && (
          <Text size="xs" c="dimmed" data-testid={`intent-${id}-hint`}>
            {hint}
          </Text>
        )}
        <SegmentedControl
          aria-label={`${INTENT_LABELS[id]} answer`}
          value={value === 'unknown' ? '' : value}
          onChange={(v) => onChange(v === 'yes' ? 'yes' : 'no')}
          data={[
            { label: 'Yes', value: 'yes' },
            { label: 'No', value: 'no' },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** 'Before We Start': one yes/no per visible automation (spec 000 §4). The form starts from the saved answers on each opening. */
export function IntentsDialog(props: IntentsDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={800}>{EPISODE_CREATOR_SHELL.intentsTitle}</Text>}
      centered
      size="lg"
    >
      <IntentsForm {...props} />
    </Modal>
  );
}

/** An automation the plan lacks: its name and what unlocks it. */
function LockedQuestion({ id }: { id: IntentKey }) {
  return (
    <Card withBorder padding="sm" data-testid={`intent-${id}-locked`}>
      <Stack gap={6}>
        <Text fw={700}>{INTENT_LABELS[id]}</Text>
        <FeatureLockedNotice feature={INTENT_FEATURES[id]} compact />
      </Stack>
    </Card>
  );
}

/** Shown while the recording's cues are still being counted. */
function DetectingCues() {
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        Checking the recording for cues…
      </Text>
    </Group>
  );
}

/** The questions, the unanswered ones' message after a try, Back and Continue. */
function IntentsForm({ answers, intents, prompted, onClose, onSubmit }: IntentsDialogProps) {
  const [draft, setDraft] = useState<IntentAnswers>(answers);
  const [tried, setTried] = useState(prompted);
  const pending = pendingIntents(intents.visible, draft);

  function submit() {
    setTried(true);
    if (pending.length === 0) onSubmit(answersWithHidden(draft, intents.visible));
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Tell us which automations to run on this recording.
      </Text>
      <CorrectTranscriptLink />
      {intents.detecting && <DetectingCues />}
      {intents.visible.length === 0 && intents.locked.length === 0 && (
        <Text size="sm">Nothing to ask: no automation cues were found in this recording.</Text>
      )}
      {intents.visible.map((key) => (
        <Question
          key={key}
          id={key}
          count={intents.counts ? intents.counts[key] : null}
          hint={intentHint(key, intents.answerEngine)}
          value={draft[key]}
          onChange={(v) => setDraft({ ...draft, [key]: v })}
        />
      ))}
      {intents.locked.map((key) => (
        <LockedQuestion key={key} id={key} />
      ))}
      {tried && pending.length > 0 && (
        <Alert color="yellow" role="alert">
          {pendingMessage(pending)}
        </Alert>
      )}
      <DialogActions onCancel={onClose} cancelLabel="Back">
        <Button onClick={submit}>Continue</Button>
      </DialogActions>
    </Stack>
  );
}
