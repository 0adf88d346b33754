import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Card, Collapse, CopyButton, Group, Image, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconRss } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, type TPodcast } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';
import { trpc } from '../../lib/trpc.ts';
import { ShowEpisodesPanel } from './ShowEpisodesPanel.tsx';
import { ImportStatusPanel } from '../rss-import/ImportStatusPanel.tsx';
import { FeedCheckList } from './FeedCheckList.tsx';
import { followsPublishAll, publishAllText } from './show-form.ts';

export type ShowAction = 'edit' | 'checklist' | 'delete' | 'link' | 'builtin';

/** One show: cover, name, host, episode summary, feed URL, and its actions. */
export function ShowCard({ show, onAction }: { show: TPodcast; onAction: (action: ShowAction, show: TPodcast) => void }) {
  // After Publish All the jobs publish in the background: the summary (and the episode list) follow them for a while.
  const [followUntil, setFollowUntil] = useState(0);
  const summary = trpc.podcasts.summary.useQuery(
    { id: show.id },
    { refetchInterval: (query) => (followsPublishAll(followUntil, query.state.data) ? PUBLISH_LIMITS.publishAllPollMs : false) },
  );
  const feedCheck = trpc.podcasts.feedCheck.useQuery({ id: show.id });
  const utils = trpc.useUtils();
  const publishAll = trpc.podcasts.publishAll.useMutation();
  useEffect(() => {
    if (Date.now() < followUntil) void utils.podcasts.episodes.invalidate({ id: show.id });
  }, [summary.dataUpdatedAt, followUntil, show.id, utils]);
  const canPublishAll = (summary.data?.drafts ?? 0) >= PUBLISH_LIMITS.publishAllMin;

  async function publishEveryDraft() {
    try {
      const result = await publishAll.mutateAsync({ id: show.id });
      notifications.show({ color: result.errors.length > 0 ? 'orange' : 'green', title: 'Publish All', message: publishAllText(result) });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: PUBLISH_MESSAGES.publishAllFailed,
        message: toApiFailure(err).message ?? PUBLISH_MESSAGES.publishAllFailed,
      });
    } finally {
      setFollowUntil(Date.now() + PUBLISH_LIMITS.publishAllFollowMs);
      await Promise.all([utils.podcasts.summary.invalidate({ id: show.id }), utils.podcasts.episodes.invalidate({ id: show.id })]);
    }
  }
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
          fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96'><rect width='96' height='96' fill='%23dde3ee'/></svg>"
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="lg" lineClamp={2}>
              {show.name}
            </Text>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle" size="compact-sm" aria-label={`More actions for ${show.name}`}>
                  <IconDots size={18} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onAction('edit', show)}>Edit Podcast</Menu.Item>
                <Menu.Item onClick={() => onAction('checklist', show)}>Distribution checklist</Menu.Item>
                {spreaker ? (
                  <Menu.Item onClick={() => onAction('builtin', show)}>Host on this server instead</Menu.Item>
                ) : (
                  <Menu.Item onClick={() => onAction('link', show)}>Link existing Spreaker show</Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => onAction('delete', show)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Group gap="xs">
            <Badge variant="light" color={spreaker ? 'orange' : 'teal'}>
              {spreaker ? `Spreaker ${show.spreaker_show_id}` : 'Built-in host'}
            </Badge>
            {feedCheck.data && !spreaker && (
              <Badge variant="light" color={feedCheck.data.ready ? 'green' : 'red'} data-testid="feed-ready">
                {feedCheck.data.ready ? 'Ready to publish' : 'Not ready to publish'}
              </Badge>
            )}
            {summary.data && (
              <Text size="sm" c="dimmed">
                {summary.data.total} {summary.data.total === 1 ? 'episode' : 'episodes'} · {summary.data.unpublished_or_unscheduled} not
                published or scheduled
              </Text>
            )}
          </Group>
          {show.description && (
            <Text size="sm" lineClamp={2}>
              {show.description}
            </Text>
          )}
          {feedCheck.data && <FeedCheckList check={feedCheck.data} />}
          {show.import_status && (
            <ImportStatusPanel podcastId={show.id} status={show.import_status} canRecover={show.spreaker_show_id !== null} />
          )}
          {!spreaker && (
            <Group gap="xs" wrap="wrap">
              <IconRss size={16} aria-hidden />
              <Anchor href={show.rss_url} target="_blank" rel="noreferrer" size="sm">
                RSS feed
              </Anchor>
              <CopyButton value={show.rss_url}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy feed URL'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? 'Hide episodes' : 'Episodes'}
            </Button>
            <Button size="xs" variant="default" onClick={() => onAction('edit', show)}>
              Edit
            </Button>
            <Button size="xs" variant="default" onClick={() => onAction('checklist', show)}>
              Distribution
            </Button>
            {canPublishAll && (
              <Button size="xs" onClick={() => void publishEveryDraft()} loading={publishAll.isPending}>
                Publish All ({summary.data?.drafts})
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <Collapse expanded={open}>
        <Stack mt="md">{open && <ShowEpisodesPanel show={show} />}</Stack>
      </Collapse>
    </Card>
  );
}
