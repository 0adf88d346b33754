import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatCutTime, type TInternContext } from '@ppp/contracts';
import { canAnswer, internReady, type AnswerEngine } from './creator-rules.ts';
import type { InternReviewItem } from './creator-state.ts';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';
import { InternAnswerAudio, InternAnswerFields, InternCardActions, InternCardHeading, InternSnippet } from './InternCardParts.tsx';
import { MarkerConfidence } from './MarkerConfidence.tsx';

export interface InternCardProps {
  context: TInternContext;
  item: InternReviewItem;
  busy: boolean;
  onEnd(end_s: number): void;
  onText(text: string): void;
  onExecute(regenerate: boolean): void;
  /** Marks the command a false detection (its words kept or cut), or undoes that with null. */
  onDismiss(dismissed: 'keep' | 'cut' | null): void;
  /** Asking again is Advanced Intern (Pro): below it, Regenerate shows as locked. */
  regenerateLocked?: boolean;
  /** Which engine answers: the extractive default cannot, so the creator types the answer. */
  engine: AnswerEngine;
}

function DismissedCard({ context, item, onDismiss }: Pick<InternCardProps, 'context' | 'item' | 'onDismiss'>) {
  return (
    <Card withBorder padding="sm" data-testid="intern-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{context.label || `Intern command at ${formatCutTime(context.start_s * 1000)}`}</Text>
          <Badge color="gray">Dismissed</Badge>
        </Group>
        <Text size="sm">Not a command: nothing is answered here. The words “{context.prompt_text || '…'}” are</Text>
        <SegmentedControl
          size="xs"
          value={item.dismissed ?? 'keep'}
          onChange={(value) => onDismiss(value === 'cut' ? 'cut' : 'keep')}
          data={[
            { value: 'keep', label: 'Kept in the episode' },
            { value: 'cut', label: 'Cut from the episode' },
          ]}
        />
        <Group>
          <Button size="xs" variant="subtle" onClick={() => onDismiss(null)}>
            It was a command: answer it
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** One Intern command: its snippet, prompt, end mark, the answer (Pending until it has text), Regenerate up to 2. */
export function InternCard(props: InternCardProps) {
  const { context, item, busy, onEnd, onText, onExecute, onDismiss, regenerateLocked = false, engine } = props;
  const ready = internReady(item);
  const answers = canAnswer(engine);
  if (item.dismissed === 'keep' || item.dismissed === 'cut') return <DismissedCard context={context} item={item} onDismiss={onDismiss} />;
  return (
    <Card withBorder padding="sm" data-testid="intern-card">
      <Stack gap="xs">
        <InternCardHeading context={context} ready={ready} />
        <MarkerConfidence confidence={context.confidence} what="command" />
        <InternSnippet context={context} item={item} />
        <Text size="sm">
          <b>Asked:</b> {context.prompt_text || '—'}
        </Text>
        <InternAnswerFields context={context} item={item} answers={answers} ready={ready} onEnd={onEnd} onText={onText} />
        <InternAnswerAudio item={item} />
        <InternCardActions
          item={item}
          engine={engine}
          answers={answers}
          ready={ready}
          busy={busy}
          regenerateLocked={regenerateLocked}
          onExecute={onExecute}
          onDismiss={onDismiss}
        />
        {ready && answers && regenerateLocked && <FeatureLockedNotice feature="advancedIntern" compact />}
      </Stack>
    </Card>
  );
}
