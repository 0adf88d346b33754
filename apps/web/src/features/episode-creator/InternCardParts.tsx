import { Alert, Badge, Button, Group, NumberInput, Text, Textarea } from '@mantine/core';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, formatCutTime, type TInternContext } from '@ppp/contracts';
import { SnippetWaveform } from '@ppp/ui';
import { canRegenerate, clampInternEnd, type AnswerEngine } from './creator-rules.ts';
import type { InternReviewItem } from './creator-state.ts';

/** The command's name (or where it is) and Ready or Pending. */
export function InternCardHeading({ context, ready }: { context: TInternContext; ready: boolean }) {
  return (
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
  );
}

/** The command's audio with its span shaded, or why it cannot be played. */
export function InternSnippet({ context, item }: { context: TInternContext; item: InternReviewItem }) {
  if (!context.audio_url) {
    return (
      <Text size="sm" c="dimmed">
        {EPISODE_CREATOR_MESSAGES.internPreviewUnavailable}
      </Text>
    );
  }
  return (
    <SnippetWaveform
      url={context.audio_url}
      label={`the command at ${formatCutTime(context.start_s * 1000)}`}
      highlight={{ start: context.start_s - context.snippet_start_s, end: item.end_s - context.snippet_start_s }}
      unavailableText={EPISODE_CREATOR_MESSAGES.internPreviewUnavailable}
    />
  );
}

interface AnswerFieldsProps {
  context: TInternContext;
  item: InternReviewItem;
  /** The engine answers by itself (else the creator types the answer). */
  answers: boolean;
  ready: boolean;
  onEnd(end_s: number): void;
  onText(text: string): void;
}

/** Where the command ends, the answer's text, and the hint to type it when no AI answers. */
export function InternAnswerFields({ context, item, answers, ready, onEnd, onText }: AnswerFieldsProps) {
  const windowEnd = context.start_s + Math.min(context.max_duration_s, EPISODE_CREATOR.internMaxDurationS);
  return (
    <>
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
    </>
  );
}

/** The voiced answer to play (once it matches the text) and the last failure. */
export function InternAnswerAudio({ item }: { item: InternReviewItem }) {
  return (
    <>
      {item.audio_url && item.voiced_text === item.response_text.trim() && (
        <audio controls src={item.audio_url} style={{ width: '100%' }} aria-label="Play the answer" />
      )}
      {item.error && (
        <Alert color="red" py={6}>
          {item.error}
        </Alert>
      )}
    </>
  );
}

interface ActionsProps {
  item: InternReviewItem;
  engine: AnswerEngine;
  answers: boolean;
  ready: boolean;
  busy: boolean;
  regenerateLocked: boolean;
  onExecute(regenerate: boolean): void;
  onDismiss(dismissed: 'keep'): void;
}

/** Get answer, Regenerate (n left), Voice my answer, and dismiss. */
export function InternCardActions({ item, engine, answers, ready, busy, regenerateLocked, onExecute, onDismiss }: ActionsProps) {
  return (
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
  );
}
