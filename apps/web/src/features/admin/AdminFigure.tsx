import { Card, Text } from '@mantine/core';

/** One labelled figure of an admin tab (a count or an amount). */
export function AdminFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={750} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}
