import { useState } from 'react';
import { Button, Card, Collapse, Group, Image, Stack, Text } from '@mantine/core';
import type { TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { ShowEpisodesPanel } from './ShowEpisodesPanel.tsx';
import { ImportStatusPanel } from '../rss-import/ImportStatusPanel.tsx';
import { FeedCheckList } from './FeedCheckList.tsx';
import { ShowCardMenu, ShowFeedLink, ShowStatusLine, type ShowActionHandler } from './ShowCardParts.tsx';
import { useShowPublishAll } from './use-show-publish-all.ts';
import { useCan } from '../team/use-workspace.ts';

export type { ShowAction } from './ShowCardParts.tsx';

const COVER_FALLBACK =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96'><rect width='96' height='96' fill='%23dde3ee'/></svg>";

/** One show: cover, name, host, episode summary, feed URL, and its actions. */
export function ShowCard({ show, onAction }: { show: TPodcast; onAction: ShowActionHandler }) {
  const feedCheck = trpc.podcasts.feedCheck.useQuery({ id: show.id });
  const publishAll = useShowPublishAll(show.id);
  const [open, setOpen] = useState(false);
  const spreaker = show.host_kind === 'spreaker';
  return (
    <Card withBorder padding="md" component="article" aria-label={show.name}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image
          src={show.cover_url}
          w={{ base: 64, sm: 96 }}
          h={{ base: 64, sm: 96 }}
          radius="sm"
          alt={`${show.name} cover`}
          fallbackSrc={COVER_FALLBACK}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="lg" lineClamp={2}>
              {show.name}
            </Text>
            <ShowCardMenu show={show} onAction={onAction} />
          </Group>
          <ShowStatusLine show={show} feedCheck={feedCheck.data} summary={publishAll.summary} />
          {show.description && (
            <Text size="sm" lineClamp={2}>
              {show.description}
            </Text>
          )}
          {feedCheck.data && <FeedCheckList check={feedCheck.data} />}
          {show.import_status && (
            <ImportStatusPanel podcastId={show.id} status={show.import_status} canRecover={show.spreaker_show_id !== null} />
          )}
          {!spreaker && <ShowFeedLink rssUrl={show.rss_url} />}
          <ShowCardButtons show={show} onAction={onAction} open={open} onToggle={() => setOpen((o) => !o)} publishAll={publishAll} />
        </Stack>
      </Group>
      <Collapse expanded={open}>
        <Stack mt="md">{open && <ShowEpisodesPanel show={show} />}</Stack>
      </Collapse>
    </Card>
  );
}

type ShowCardButtonsProps = {
  show: TPodcast;
  onAction: ShowActionHandler;
  open: boolean;
  onToggle: () => void;
  publishAll: ReturnType<typeof useShowPublishAll>;
};

/** Episodes (toggles the list), and for who manages the workspace Edit, Distribution, and Publish All once enough drafts wait. */
function ShowCardButtons({ show, onAction, open, onToggle, publishAll }: ShowCardButtonsProps) {
  const manages = useCan('manage');
  return (
    <Group gap="xs" mt={4}>
      <Button size="xs" variant="light" onClick={onToggle} aria-expanded={open}>
        {open ? 'Hide episodes' : 'Episodes'}
      </Button>
      {manages && (
        <>
          <Button size="xs" variant="default" onClick={() => onAction('edit', show)}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={() => onAction('checklist', show)}>
            Distribution
          </Button>
        </>
      )}
      {manages && publishAll.canPublishAll && (
        <Button size="xs" onClick={() => void publishAll.publishEveryDraft()} loading={publishAll.publishingAll}>
          Publish All ({publishAll.drafts})
        </Button>
      )}
    </Group>
  );
}
