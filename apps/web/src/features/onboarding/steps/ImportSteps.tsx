import { useEffect } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconRss } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES, type TOnboardingStep, type TRssPreview } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import type { StepProps } from './step-props.ts';
import { FeedShowHeader } from '../../rss-import/FeedPreview.tsx';

export function RssStep({ state, update, error, onSkip }: StepProps & { onSkip: () => void }) {
  return (
    <Stack>
      <TextInput
        label="RSS feed URL"
        description="The address of your show's feed at its current host."
        placeholder="https://feeds.example.com/my-show.rss"
        inputMode="url"
        leftSection={<IconRss size={16} />}
        value={state.rssUrl}
        onChange={(e) => update({ rssUrl: e.currentTarget.value })}
        error={error === ONBOARDING_MESSAGES.rssRequired ? error : null}
        data-autofocus
      />
      {error === ONBOARDING_MESSAGES.rssRequired ? (
        <Alert color="red" role="alert" title={ONBOARDING_MESSAGES.rssRequired}>
          {ONBOARDING_MESSAGES.rssEnterUrl}
        </Alert>
      ) : null}
      <Button variant="subtle" onClick={onSkip} w="fit-content" px={0}>
        No feed? Skip the import and start a new show
      </Button>
    </Stack>
  );
}

function FeedShowCard({ preview }: { preview: TRssPreview }) {
  const { show } = preview;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Feed preview">
      <FeedShowHeader preview={preview} />
      {show.description ? (
        <Text size="sm" mt="sm" lineClamp={4}>
          {show.description}
        </Text>
      ) : null}
    </Card>
  );
}

/** The show the feed describes, before importing it. */
export function ConfirmStep({ state, onReady }: { state: StepProps['state']; onReady: (ok: boolean) => void }) {
  const preview = trpc.rssImport.preview.useMutation();
  const { mutate } = preview;
  useEffect(() => {
    mutate({ rss_url: state.rssUrl }, { onSuccess: () => onReady(true), onError: () => onReady(false) });
  }, [mutate, state.rssUrl, onReady]);

  if (preview.isPending || preview.isIdle) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Reading your feed…</Text>
      </Group>
    );
  }
  if (preview.error || !preview.data) {
    return (
      <Alert color="red" role="alert" title={ONBOARDING_MESSAGES.importFailed}>
        {toApiFailure(preview.error).message ?? ONBOARDING_MESSAGES.importFailedFallback}
      </Alert>
    );
  }
  return <FeedShowCard preview={preview.data} />;
}

const AUTO_TEXT: Partial<Record<TOnboardingStep, string>> = {
  importing: 'Importing your show…',
  analyze: 'Analyzing your episodes…',
  assets: 'Gathering your artwork and audio…',
  skipNotice: "No problem: let's set up a new show instead.",
};

/** The steps that move on by themselves: a line and a spinner, or the success mark. */
export function AutoStep({ step, podcastName }: { step: TOnboardingStep; podcastName: string }) {
  if (step === 'importSuccess') {
    return (
      <Group gap="sm" role="status">
        <ThemeIcon color="green" radius="xl" size={36}>
          <IconCircleCheck size={22} />
        </ThemeIcon>
        <Text fw={600}>“{podcastName}” is imported. Next: your intro, outro and music.</Text>
      </Group>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>{AUTO_TEXT[step] ?? ''}</Text>
    </Group>
  );
}
