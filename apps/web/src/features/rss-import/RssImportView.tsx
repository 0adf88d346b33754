import { Alert, Group, Stack, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useRssImport } from './use-rss-import.ts';
import { RssImportForm } from './RssImportForm.tsx';
import { FeedPreview } from './FeedPreview.tsx';
import { ImportOutcome } from './ImportOutcome.tsx';

/** Import from RSS (spec 001 'Other screens', §5, §7, §8): paste a feed, preview its newest five, import with progress. */
export function RssImportView() {
  const { fields, spreaker, connected, preview, start, importing, result, failure, onPreview, onImport } = useRssImport();
  return (
    <Stack gap="lg" maw={880}>
      <Group gap="xs">
        <IconRss size={22} />
        <Title order={1} size="h2">
          Import from RSS
        </Title>
      </Group>
      <RssImportForm fields={fields} spreaker={spreaker} connected={connected} previewing={preview.isPending} onPreview={onPreview} />
      {failure ? (
        <Alert color="red" title={RSS_IMPORT_MESSAGES.importFailed}>
          {toApiFailure(failure).message ?? RSS_IMPORT_MESSAGES.onboardingImportFailedFallback}
        </Alert>
      ) : null}
      {preview.data && !importing ? <FeedPreview preview={preview.data} onImport={onImport} busy={start.isPending} /> : null}
      {result ? <ImportOutcome result={result} autoPublishAsked={start.variables?.auto_publish_to_spreaker === true} /> : null}
    </Stack>
  );
}
