import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, formatCutTime, type TInternContext } from '@ppp/contracts';
import { SnippetWaveform } from '@ppp/ui';
import { canAnswer, canRegenerate, clampInternEnd, internReady, type AnswerEngine } from './creator-rules.ts';
import type { InternReviewItem } from './creator-state.ts';
import { FeatureLockedNotice } from '../billing/FeatureLockedNotice.tsx';

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
export function InternCard({
  context,
  item,
  busy,
  onEnd,
  onText,
  onExecute,
  onDismiss,
  regenerateLocked = false,
  engine,
}: InternCardProps) {
  const ready = internReady(item);
  const answers = canAnswer(engine);
  if (item.dismissed === 'keep' || item.dismissed === 'cut') return <DismissedCard context={context} item={item} onDismiss={onDismiss} />;
  const windowEnd = context.start_s + Math.min(context.max_duration_s, EPISODE_CREATOR.internMaxDurationS);
  return (
    <Card withBorder padding="sm" data-testid="intern-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{context.label || `Intern command at ${formatCutTime(context.start_s * 1000)}`}</Text>
          {ready ? (
            <Badge color="teal">Ready</Badge>
          ) : (
            <Badge color="gray" variant="light">
              Pending
            </Badge>
          )}
        </Group>
        {context.audio_url ? (
          <SnippetWaveform
            url={context.audio_url}
            label={`the command at ${formatCutTime(context.start_s * 1000)}`}
            highlight={{ start: context.start_s - context.snippet_start_s, end: item.end_s - context.snippet_start_s }}
            unavailableText={EPISODE_CREATOR_MESSAGES.internPreviewUnavailable}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {EPISODE_CREATOR_MESSAGES.internPreviewUnavailable}
          </Text>
        )}
        <Text size="sm">
          <b>Asked:</b> {context.prompt_text || '—'}
        </Text>
        <NumberInput
          label="Command ends at (s)"
          description={`Between ${(context.start_s + EPISODE_CREATOR.internMinClipS).toFixed(2)} and ${windowEnd.toFixed(2)} s; the answer plays here.`}
          size="xs"
          step={0.25}
          decimalScale={2}
          value={item.end_s}
          onChange={(v) => onEnd(clampInternEnd(context, Number(v)))}
          maw={260}
        />
        <Textarea
          label="Answer"
          autosize
          minRows={2}
          value={item.response_text}
          onChange={(e) => onText(e.currentTarget.value)}
          placeholder={answers ? "The Intern's answer appears here; you can edit it." : 'Type the answer to voice here.'}
        />
        {!answers && !ready && (
          <Text size="xs" c="dimmed" data-testid="intern-type-own">
            This instance answers Intern commands with your own words: no AI that answers questions is set up. Type the answer (it is voiced
            in the chosen voice), or dismiss the command if you did not mean one.
          </Text>
        )}
        {item.audio_url && item.voiced_text === item.response_text.trim() && (
          <audio controls src={item.audio_url} style={{ width: '100%' }} aria-label="Play the answer" />
        )}
        {item.error && (
          <Alert color="red" py={6}>
            {item.error}
          </Alert>
        )}
        <Group gap="xs">
          {!ready && answers && (
            <Button size="xs" loading={busy} onClick={() => onExecute(false)}>
              Get answer
            </Button>
          )}
          {ready && answers && !regenerateLocked && (
            <Button size="xs" variant="light" loading={busy} disabled={!canRegenerate(item, engine)} onClick={() => onExecute(true)}>
              Regenerate ({EPISODE_CREATOR.internMaxRegenerations - item.regenerate_count} left)
            </Button>
          )}
          {ready && item.voiced_text !== item.response_text.trim() && (
            <>
              <Button size="xs" variant="default" loading={busy} onClick={() => onExecute(false)}>
                Voice my answer
              </Button>
              <Text size="xs" c="dimmed">
                Or leave it: your edited answer is voiced when the episode is assembled.
              </Text>
            </>
          )}
          <Button size="xs" variant="subtle" color="gray" onClick={() => onDismiss('keep')}>
            Not a command: dismiss
          </Button>
        </Group>
        {ready && answers && regenerateLocked && <FeatureLockedNotice feature="advancedIntern" compact />}
      </Stack>
    </Card>
  );
}
