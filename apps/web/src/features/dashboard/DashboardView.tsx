import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconCode,
  IconHeadphones,
  IconMicrophone,
  IconMusic,
  IconCreditCard,
  IconSettings,
  IconTemplate,
  IconWorld,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DASHBOARD, DASHBOARD_MESSAGES, displayStatus, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { isAdminUser } from '../gate/decide-gate.ts';
import { BackgroundUploadsCard } from '../preupload/BackgroundUploadsCard.tsx';
import { StatusBadge } from '../episode-history/EpisodeItems.tsx';
import { NAV_ENTRIES } from '../workspace/workspace-nav.ts';
import { displayName } from './display-name.ts';
import { usageFigures, readyLabel } from './dashboard-figures.ts';
import { DashboardStats } from './DashboardStats.tsx';
import { isFeatureLocked } from '../billing/plan-features.ts';
import { NEW_EPISODE_PATH } from '../workspace/workspace-nav.ts';
import { useShowLink } from './show-link.ts';
import { useCan } from '../team/use-workspace.ts';

interface QuickTool {
  title: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Shown as Coming Soon (disabled) until the screen exists. */
  comingSoon?: boolean;
  adminOnly?: boolean;
  /** Only for who manages the workspace in use (issue 34). */
  manage?: boolean;
}

const known = (path: string) => path === '/admin' || NAV_ENTRIES.some((e) => e.path === path);

/** Spec 002 §2.4: Podcasts, Templates, Media, Episodes, Subscription, Settings, Website Builder, Dev (admins). */
const QUICK_TOOLS: readonly QuickTool[] = [
  { title: 'Podcasts', to: '/dashboard/podcasts', icon: IconMicrophone },
  { title: 'Templates', to: '/dashboard/templates', icon: IconTemplate },
  { title: 'Media', to: '/dashboard/media', icon: IconMusic },
  { title: 'Episodes', to: '/dashboard/episodes', icon: IconHeadphones },
  { title: 'Subscription', to: '/dashboard/billing', icon: IconCreditCard },
  { title: 'Settings', to: '/dashboard/settings', icon: IconSettings },
  { title: 'Website Builder', to: '/dashboard/website', icon: IconWorld, manage: true },
  { title: 'Dev', to: '/admin', icon: IconCode, adminOnly: true },
];

function ToolCard({ tool }: { tool: QuickTool }) {
  const soon = tool.comingSoon === true || !known(tool.to);
  const body = (
    <Card withBorder padding="md" h="100%" style={soon ? { opacity: 0.6 } : undefined}>
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon size={36} radius="md" variant="light">
          <tool.icon size={20} aria-hidden="true" />
        </ThemeIcon>
        <div>
          <Text fw={700}>{tool.title}</Text>
          {soon && (
            <Badge size="xs" variant="light" color="gray">
              Coming Soon
            </Badge>
          )}
        </div>
      </Group>
    </Card>
  );
  if (soon)
    return (
      <div aria-disabled="true" aria-label={`${tool.title} (Coming Soon)`}>
        {body}
      </div>
    );
  return (
    <UnstyledButton component={Link} to={tool.to} aria-label={tool.title}>
      {body}
    </UnstyledButton>
  );
}

/** The dashboard's figures, and a banner text for each call that failed (a plan without analytics is not a failure). */
function useDashboardData() {
  const stats = trpc.dashboard.stats.useQuery(undefined, { retry: false });
  const episodes = trpc.episodes.page.useQuery({ limit: 200 }, { retry: false });
  const showPlays = trpc.publishing.showPlays.useQuery({ window: 'last30d' }, { retry: false });
  const episodePlays = trpc.publishing.episodePlays.useQuery({ window: 'last30d' }, { retry: false });
  const usageQuery = trpc.billing.usage.useQuery(undefined, { retry: false });
  const failures: [boolean, string][] = [
    [episodes.isError, DASHBOARD_MESSAGES.episodeStatsFailed],
    [usageQuery.isError, DASHBOARD_MESSAGES.usageStatsFailed],
    // Analytics is a Pro feature: a plan without it is not a failure to load.
    [showPlays.isError && !isFeatureLocked(showPlays.error), DASHBOARD_MESSAGES.playStatsFailed],
    [episodePlays.isError && !isFeatureLocked(episodePlays.error), DASHBOARD_MESSAGES.recentEpisodeStatsFailed],
    [stats.isError, DASHBOARD_MESSAGES.dashboardStatsFailed],
  ];
  return {
    stats: stats.data,
    episodes: episodes.data,
    usage: usageQuery.data ? usageFigures(usageQuery.data) : null,
    banners: failures.filter(([failed]) => failed).map(([, text]) => text),
  };
}

/** The dashboard (spec 002 §2.4): welcome, Create Episode, Recent Activity, Quick Tools, statistics, and a banner per failed call. */
export function DashboardView({ me }: { me: TMe }) {
  useShowLink();
  const { stats, episodes, usage, banners } = useDashboardData();
  const manages = useCan('manage');
  const tools = QUICK_TOOLS.filter((t) => (!t.adminOnly || isAdminUser(me)) && (!t.manage || manages));

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1}>Welcome, {displayName(me)}</Title>
        <Text c="dimmed" mt={4}>
          Here is how your shows are doing.
        </Text>
      </div>
      {banners.map((text) => (
        <Alert key={text} color="red" role="alert">
          {text}
        </Alert>
      ))}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CreateEpisodeCard stats={stats} />
        <RecentActivity episodes={episodes} />
      </SimpleGrid>

      <BackgroundUploadsCard />

      <section aria-labelledby="quick-tools-title">
        <Title order={2} size="h3" mb="md" id="quick-tools-title">
          Quick Tools
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {tools.map((tool) => (
            <ToolCard key={tool.title} tool={tool} />
          ))}
        </SimpleGrid>
      </section>

      <DashboardStats stats={stats} usage={usage} />
    </Stack>
  );
}

type DashboardData = ReturnType<typeof useDashboardData>;

/** Create Episode: how many shows and episodes, whether a new one can be made, and New Episode. */
function CreateEpisodeCard({ stats }: { stats: DashboardData['stats'] }) {
  const edits = useCan('edit');
  return (
    <Card withBorder padding="lg" data-testid="create-episode-card">
      <Text fw={800} size="lg">
        Create Episode
      </Text>
      <Group gap="lg" mt="sm">
        <Text size="sm">
          Shows: <b data-testid="show-count">{stats?.show_count ?? '—'}</b>
        </Text>
        <Text size="sm">
          Episodes: <b data-testid="episode-count">{stats?.total_episodes ?? '—'}</b>
        </Text>
      </Group>
      <Group gap="xs" mt="sm">
        <Text size="sm">Ready?</Text>
        {stats && (
          <Badge color={stats.ready ? 'green' : 'yellow'} data-testid="ready">
            {readyLabel(stats.ready)}
          </Badge>
        )}
      </Group>
      {edits && (
        <Button component={Link} to={NEW_EPISODE_PATH} mt="md">
          New Episode
        </Button>
      )}
    </Card>
  );
}

/** The latest episodes with their status. */
function RecentActivity({ episodes }: { episodes: DashboardData['episodes'] }) {
  const recent = (episodes?.items ?? []).slice(0, DASHBOARD.recentActivity);
  return (
    <Card withBorder padding="lg">
      <Text fw={800} size="lg" mb="sm">
        Recent Activity
      </Text>
      {episodes && recent.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing yet: your episodes will show here.
        </Text>
      )}
      <Stack gap={6}>
        {recent.map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap" data-testid="recent-activity">
            <Text size="sm" truncate="end">
              {e.title}
            </Text>
            <StatusBadge status={displayStatus(e.status)} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
