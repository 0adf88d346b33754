import { Group, Paper, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { PRICING, formatCountdown, type TCountdownParts } from '@ppp/contracts';

const UNITS = [
  ['days', 'days'],
  ['hours', 'hours'],
  ['minutes', 'min'],
  ['seconds', 'sec'],
] as const;

/** 'Founders pricing ends in 12 days 03 hours ...', or 'Offer ended'. */
export function FoundersCountdown({ parts, deadline }: { parts: TCountdownParts; deadline: Date }) {
  const deadlineText = deadline.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-violet-light)" data-testid="founders-countdown">
      <Group justify="space-between" gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconClock size={20} aria-hidden="true" />
          <Text fw={700}>
            {parts.ended ? `Founders pricing ended ${deadlineText}` : `Founders pricing ends ${deadlineText}, 11:59:59 PM`}
          </Text>
        </Group>
        {parts.ended ? (
          // On a white pill: red.9 on the violet tint is about 4.1:1, on white about 5.6:1 (WCAG AA needs 4.5).
          <Text fw={800} c="red.9" bg="white" px="sm" py={2} role="status" style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
            {PRICING.offerEnded}
          </Text>
        ) : (
          <Group gap="sm" role="timer" aria-label={`Time left: ${formatCountdown(parts)}`}>
            {UNITS.map(([key, label]) => (
              <Group key={key} gap={4} align="baseline" wrap="nowrap" aria-hidden="true">
                <Text fw={800} fz="xl" ff="monospace">
                  {String(parts[key]).padStart(2, '0')}
                </Text>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Group>
            ))}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
