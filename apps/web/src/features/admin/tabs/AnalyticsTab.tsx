import { useState, type ReactNode } from 'react';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { ADMIN_MESSAGES, MESSAGES, formatDollars, type TAdminMetricRange, type TAdminMetrics } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { AdminFigure } from '../AdminFigure.tsx';
import { ANALYTICS_RANGES, analyticsRows, analyticsTotals, rangePhrase } from '../analytics-chart.ts';

/**
 * Analytics (spec 002 sections 2.14 and 3): daily active users and daily signups for the chosen
 * range (30 days to start with; 7d, 90d and 1y are wired), then MRR, ARR and 30-day revenue when
 * payments are on.
 */
export function AnalyticsTab() {
  const [range, setRange] = useState<TAdminMetricRange>('30d');
  // The previous range stays on screen while the next one loads, so the charts do not jump.
  const metrics = trpc.admin.metrics.useQuery({ range }, { placeholderData: keepPreviousData });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm">
          Counted per UTC day, ending today.
        </Text>
        <SegmentedControl
          aria-label="Range"
          value={range}
          onChange={(value) => setRange(value as TAdminMetricRange)}
          data={ANALYTICS_RANGES}
        />
      </Group>
      {metrics.isError ? (
        <Alert color="red" data-testid="analytics-error">
          {toApiFailure(metrics.error).status === 403 ? MESSAGES.adminAccessDenied : ADMIN_MESSAGES.loadFailed}
        </Alert>
      ) : metrics.data ? (
        <AnalyticsBody metrics={metrics.data} loading={metrics.isPlaceholderData} />
      ) : (
        <Loader aria-label="Loading analytics" />
      )}
    </Stack>
  );
}

function AnalyticsBody({ metrics, loading }: { metrics: TAdminMetrics; loading: boolean }) {
  const rows = analyticsRows(metrics);
  const totals = analyticsTotals(rows);
  const phrase = rangePhrase(metrics.range);
  return (
    <Stack gap="lg" style={{ opacity: loading ? 0.6 : 1 }} aria-busy={loading} data-testid="analytics-body" data-range={metrics.range}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <AdminFigure label="Active users today" value={String(totals.activeToday)} testId="analytics-active-today" />
        <AdminFigure label={`Busiest day, ${phrase}`} value={String(totals.peakActive)} testId="analytics-peak-active" />
        <AdminFigure label={`Signups, ${phrase}`} value={String(totals.signups)} testId="analytics-signups-total" />
      </SimpleGrid>
      <ChartCard title="Daily active users" testId="chart-active-users">
        <AreaChart
          h={260}
          data={rows}
          dataKey="day"
          series={[{ name: 'active', label: 'Active users', color: 'indigo.6' }]}
          curveType="monotone"
          gridAxis="x"
          yAxisProps={{ allowDecimals: false }}
          withDots={rows.length <= 31}
        />
      </ChartCard>
      <ChartCard title="Daily signups" testId="chart-signups">
        <BarChart
          h={260}
          data={rows}
          dataKey="day"
          series={[{ name: 'signups', label: 'Signups', color: 'teal.6' }]}
          gridAxis="x"
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <Revenue metrics={metrics} />
    </Stack>
  );
}

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Revenue({ metrics }: { metrics: Pick<TAdminMetrics, 'payments_enabled' | 'mrr_cents' | 'arr_cents' | 'revenue_30d_cents'> }) {
  if (!metrics.payments_enabled)
    return (
      <Text size="sm" c="dimmed" data-testid="analytics-payments-off">
        Payments are off on this instance, so there is no MRR, ARR or revenue to show. The Billing tab says how to turn them on.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <AdminFigure label="MRR" value={formatDollars(metrics.mrr_cents)} testId="analytics-mrr" />
      <AdminFigure label="ARR" value={formatDollars(metrics.arr_cents)} testId="analytics-arr" />
      <AdminFigure label="Revenue, last 30 days" value={formatDollars(metrics.revenue_30d_cents)} testId="analytics-revenue-30d" />
    </SimpleGrid>
  );
}
