import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisplayOptions } from '@ppp/ui';

/** Larger text and high contrast: kept in this browser, applied across the whole app at once. */
export function DisplayOptionsCard() {
  const { options, setOptions } = useDisplayOptions();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="display-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="display-title">
            Display options
          </Title>
          <Text size="sm" c="dimmed">
            Saved in this browser.
          </Text>
        </div>
        <Switch
          label="Larger text"
          description="Makes text and controls bigger everywhere."
          checked={options.largeText}
          onChange={(e) => setOptions({ ...options, largeText: e.currentTarget.checked })}
        />
        <Switch
          label="High contrast"
          description="Darker text, stronger colours and borders."
          checked={options.highContrast}
          onChange={(e) => setOptions({ ...options, highContrast: e.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
