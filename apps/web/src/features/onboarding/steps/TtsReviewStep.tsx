import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconRefresh, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useOnboardingApi } from '../onboarding-api.ts';
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

/**
 * The review after generating (spec 002 section 2.9): Continue (optionally renaming), Keep and Retry
 * (the clips stay in the library), or Discard and Retry (the generated clips are deleted; a failed
 * deletion is silently ignored). Next is hidden here: these are the ways on.
 */
export function TtsReviewStep({ state, update, onContinue, onRetry }: TtsReviewProps) {
  const clips = (['intro', 'outro'] as const).flatMap((kind) => {
    const media = state[`${kind}Media`];
    return media ? [{ kind, media }] : [];
  });
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries(clips.map((c) => [c.kind, c.media.display_name])));
  const [busy, setBusy] = useState<'continue' | 'keep' | 'discard' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { renameClip, deleteClipQuietly } = useOnboardingApi();

  async function continueOn() {
    setBusy('continue');
    setProblem(null);
    try {
      const patch: Partial<WizardState> = {};
      for (const { kind, media } of clips) {
        const name = (names[kind] ?? '').trim();
        if (!name || name === media.display_name) continue;
        const renamed = await renameClip(media.id, name);
        patch[`${kind}Media`] = { ...media, display_name: renamed.display_name };
      }
      update(patch);
      onContinue();
    } catch (err) {
      setProblem(messageOf(err, 'Could not rename the clip.'));
    } finally {
      setBusy(null);
    }
  }

  async function retry(discard: boolean) {
    setBusy(discard ? 'discard' : 'keep');
    if (discard) await Promise.all(clips.filter((c) => c.media.source === 'tts').map((c) => deleteClipQuietly(c.media.id)));
    const cleared: Partial<Record<`${TSegmentKind}Media`, null>> = {};
    for (const { kind, media } of clips) if (media.source === 'tts') cleared[`${kind}Media`] = null;
    update(cleared);
    setBusy(null);
    onRetry();
  }

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {clips.map(({ kind, media }) => (
          <Card key={kind} withBorder radius="md" padding="lg" component="section" aria-label={`${kind} review`}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {kind === 'intro' ? 'Intro' : 'Outro'}
              </Title>
              <ClipPlayer media={media} label={kind === 'intro' ? 'Intro' : 'Outro'} />
              <TextInput
                label={`${kind === 'intro' ? 'Intro' : 'Outro'} name`}
                description="Optional: how it is listed in your media library."
                value={names[kind] ?? ''}
                onChange={(e) => setNames({ ...names, [kind]: e.currentTarget.value })}
              />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {clips.length === 0 ? <Text c="dimmed">Nothing to review: go back and make an intro or outro.</Text> : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={18} />}
          onClick={() => void continueOn()}
          loading={busy === 'continue'}
          disabled={busy !== null && busy !== 'continue'}
        >
          Continue
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void retry(false)}
          loading={busy === 'keep'}
          disabled={busy !== null && busy !== 'keep'}
        >
          Keep and Retry
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} />}
          onClick={() => void retry(true)}
          loading={busy === 'discard'}
          disabled={busy !== null && busy !== 'discard'}
        >
          Discard and Retry
        </Button>
      </Group>
    </Stack>
  );
}
