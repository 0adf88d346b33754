import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** Deterministic bar heights for the illustrative waveform. */
const BARS = Array.from({ length: 48 }, (_, i) => 18 + Math.round(Math.abs(Math.sin(i * 0.7) * 30 + Math.sin(i * 2.3) * 14)));
const CUTS = new Set([9, 10, 11, 30, 31]);

const EVENTS = [
  'Flubber: 2 retakes removed',
  'Intern: 1 answer inserted',
  'Intro, outro and music from your template',
  'Scheduled for Friday, 20+ platforms',
] as const;

/** The ab layout's hero illustration: what the studio does to a recording. */
export function StudioPreview() {
  return (
    <Card
      withBorder
      shadow="md"
      radius="lg"
      padding="lg"
      role="img"
      aria-label="An episode in the studio: retakes cut, an answer inserted, scheduled for Friday"
    >
      <Stack gap="md" aria-hidden="true">
        <Group justify="space-between">
          <Text fw={700}>Episode 42: The Tinker&apos;s Toolkit</Text>
          <Badge color="teal" variant="light">
            Ready
          </Badge>
        </Group>
        <Group gap={3} h={80} align="center" wrap="nowrap" style={{ overflow: 'hidden' }}>
          {BARS.map((h, i) => (
            <div
              key={i}
              style={{
                flex: '1 0 3px',
                height: h,
                borderRadius: 2,
                background: CUTS.has(i) ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-violet-6)',
              }}
            />
          ))}
        </Group>
        <Stack gap={6}>
          {EVENTS.map((e) => (
            <Group key={e} gap="xs" wrap="nowrap">
              <IconCheck size={16} color="var(--mantine-color-teal-8)" />
              <Text size="sm">{e}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
