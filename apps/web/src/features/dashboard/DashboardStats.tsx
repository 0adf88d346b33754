import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TDashboardStats } from '@ppp/contracts';
import { lastAssemblyLabel, minutesLeftLabel, type UsageFigures } from './dashboard-figures.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={800} mt={4} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The statistics of spec 002 §2.4; minutes from the billing usage when it answers, else from the stats. */
export function DashboardStats({ stats, usage }: { stats: TDashboardStats | undefined; usage: UsageFigures | null }) {
  const minutesLeft = usage ? usage.minutes_left : stats?.minutes_left;
  const n = (value: number | undefined) => (value === undefined ? '—' : String(value));
  return (
    <section aria-labelledby="stats-title">
      <Title order={2} size="h3" mb="md" id="stats-title">
        Statistics
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        <Figure label="Total episodes" value={n(stats?.total_episodes)} testId="stat-total-episodes" />
        <Figure label="Last 30 days" value={n(stats?.episodes_last_30d)} testId="stat-episodes-30d" />
        <Figure label="Upcoming scheduled" value={n(stats?.upcoming_scheduled)} testId="stat-upcoming" />
        <Figure
          label="Last published"
          value={stats?.last_published_at ? dateFormat.format(new Date(stats.last_published_at)) : 'Never'}
          testId="stat-last-published"
        />
        <Figure label="Last assembly" value={lastAssemblyLabel(stats?.last_assembly_status)} testId="stat-last-assembly" />
        <Figure label="Plays (30 days)" value={n(stats?.plays_last_30d)} testId="stat-plays-30d" />
        <Figure label="Total show plays" value={n(stats?.show_total_plays)} testId="stat-total-plays" />
        <Figure label="Minutes left" value={minutesLeftLabel(minutesLeft)} testId="stat-minutes-left" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
        <RecentEpisodePlays stats={stats} />
        <HostingCard stats={stats} />
      </SimpleGrid>
    </section>
  );
}

/** The published episodes' plays, newest first. */
function RecentEpisodePlays({ stats }: { stats: TDashboardStats | undefined }) {
  return (
    <Card withBorder padding="md">
      <Text fw={700} mb="xs">
        Recent episode plays
      </Text>
      {stats && stats.recent_episode_plays.length === 0 && (
        <Text size="sm" c="dimmed">
          No published episodes yet.
        </Text>
      )}
      <Stack gap={6}>
        {stats?.recent_episode_plays.map((row) => (
          <Group key={row.episode_id} justify="space-between" wrap="nowrap" data-testid="recent-episode-plays">
            <Text size="sm" truncate="end">
              {row.title}
            </Text>
            <Badge variant="light">{row.plays_total} plays</Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Whether episodes go to Spreaker or to the built-in feed. */
function HostingCard({ stats }: { stats: TDashboardStats | undefined }) {
  return (
    <Card withBorder padding="md">
      <Text fw={700} mb="xs">
        Hosting
      </Text>
      <Text size="sm" data-testid="stat-host">
        {stats === undefined
          ? '—'
          : stats.spreaker_connected
            ? 'Spreaker connected'
            : 'Spreaker not connected (episodes go to your built-in feed)'}
      </Text>
    </Card>
  );
}
