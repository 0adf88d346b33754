import { useEffect, useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconRefresh, IconTrash } from '@tabler/icons-react';
import { TitledCard } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { useTtsReview, type TReviewAction } from '../use-tts-review.ts';
import type { MediaRef, TSegmentKind, WizardState } from '../wizard.ts';

interface TtsReviewProps {
  state: WizardState;
  update: (patch: Partial<WizardState>) => void;
  /** Moves on to the step after the review. */
  onContinue: () => void;
  /** Back to the intro and outro step to make them again. */
  onRetry: () => void;
}

function ClipPlayer({ media, label }: { media: MediaRef; label: string }) {
  const preview = trpc.media.preview.useMutation();
  const [url, setUrl] = useState<string | null>(null);
  const { mutateAsync } = preview;
  useEffect(() => {
    let live = true;
    mutateAsync({ id: media.id })
      .then((r) => live && setUrl(r.url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [media.id, mutateAsync]);
  // A generated voice clip; its script was on the step before.
  return url ? (
    <audio controls src={url} aria-label={`${label} preview`} style={{ width: '100%' }} preload="metadata" />
  ) : (
    <Text size="sm" c="dimmed">
      Loading preview…
    </Text>
  );
}

function ClipReviewCard({
  kind,
  media,
  name,
  onName,
}: {
  kind: TSegmentKind;
  media: MediaRef;
  name: string;
  onName: (name: string) => void;
}) {
  const title = kind === 'intro' ? 'Intro' : 'Outro';
  return (
    <TitledCard title={title} radius="md" component="section" aria-label={`${kind} review`}>
      <ClipPlayer media={media} label={title} />
      <TextInput
        label={`${title} name`}
        description="Optional: how it is listed in your media library."
        value={name}
        onChange={(e) => onName(e.currentTarget.value)}
      />
    </TitledCard>
  );
}

function ReviewActions({
  busy,
  onContinue,
  onRetry,
}: {
  busy: TReviewAction | null;
  onContinue: () => void;
  onRetry: (discard: boolean) => void;
}) {
  const others = (action: TReviewAction) => busy !== null && busy !== action;
  return (
    <Group gap="sm">
      <Button leftSection={<IconCheck size={18} />} onClick={onContinue} loading={busy === 'continue'} disabled={others('continue')}>
        Continue
      </Button>
      <Button
        variant="default"
        leftSection={<IconRefresh size={18} />}
        onClick={() => onRetry(false)}
        loading={busy === 'keep'}
        disabled={others('keep')}
      >
        Keep and Retry
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={18} />}
        onClick={() => onRetry(true)}
        loading={busy === 'discard'}
        disabled={others('discard')}
      >
        Discard and Retry
      </Button>
    </Group>
  );
}

/**
 * The review after generating (spec 002 section 2.9): Continue (optionally renaming), Keep and Retry
 * (the clips stay in the library), or Discard and Retry (the generated clips are deleted; a failed
 * deletion is silently ignored). Next is hidden here: these are the ways on.
 */
export function TtsReviewStep({ state, update, onContinue, onRetry }: TtsReviewProps) {
  const { clips, names, setNames, busy, problem, continueOn, retry } = useTtsReview(state, update, onContinue, onRetry);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {clips.map(({ kind, media }) => (
          <ClipReviewCard
            key={kind}
            kind={kind}
            media={media}
            name={names[kind] ?? ''}
            onName={(name) => setNames({ ...names, [kind]: name })}
          />
        ))}
      </SimpleGrid>
      {clips.length === 0 ? <Text c="dimmed">Nothing to review: go back and make an intro or outro.</Text> : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <ReviewActions busy={busy} onContinue={() => void continueOn()} onRetry={(discard) => void retry(discard)} />
    </Stack>
  );
}
