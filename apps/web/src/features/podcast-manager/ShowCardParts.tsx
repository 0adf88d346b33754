import { Anchor, Badge, Button, CopyButton, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconRss } from '@tabler/icons-react';
import type { TFeedCheck, TPodcast, TPodcastSummary } from '@ppp/contracts';
import { useCan } from '../team/use-workspace.ts';

export type ShowAction = 'edit' | 'checklist' | 'delete' | 'link' | 'builtin';
export type ShowActionHandler = (action: ShowAction, show: TPodcast) => void;

/** The card's ⋯ menu: edit, checklist, hosting switch and delete, for who manages the workspace. */
export function ShowCardMenu({ show, onAction }: { show: TPodcast; onAction: ShowActionHandler }) {
  const spreaker = show.host_kind === 'spreaker';
  const manages = useCan('manage');
  if (!manages) return null;
  return (
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
  );
}

type ShowStatusLineProps = { show: TPodcast; feedCheck: TFeedCheck | undefined; summary: TPodcastSummary | undefined };

/** Where the show is hosted, whether its feed is ready, and how many episodes are not out yet. */
export function ShowStatusLine({ show, feedCheck, summary }: ShowStatusLineProps) {
  const spreaker = show.host_kind === 'spreaker';
  return (
    <Group gap="xs">
      <Badge variant="light" color={spreaker ? 'orange' : 'teal'}>
        {spreaker ? `Spreaker ${show.spreaker_show_id}` : 'Built-in host'}
      </Badge>
      {feedCheck && !spreaker && (
        <Badge variant="light" color={feedCheck.ready ? 'green' : 'red'} data-testid="feed-ready">
          {feedCheck.ready ? 'Ready to publish' : 'Not ready to publish'}
        </Badge>
      )}
      {summary && (
        <Text size="sm" c="dimmed">
          {summary.total} {summary.total === 1 ? 'episode' : 'episodes'} · {summary.unpublished_or_unscheduled} not published or scheduled
        </Text>
      )}
    </Group>
  );
}

/** The public feed's link and a copy button. */
export function ShowFeedLink({ rssUrl }: { rssUrl: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <IconRss size={16} aria-hidden />
      <Anchor href={rssUrl} target="_blank" rel="noreferrer" size="sm">
        RSS feed
      </Anchor>
      <CopyButton value={rssUrl}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy}>
            {copied ? 'Copied' : 'Copy feed URL'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
