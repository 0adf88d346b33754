import { List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TFeedCheck } from '@ppp/contracts';
import type { ChecklistItem } from './details-rules.ts';
import { FeedCheckList } from '../../podcast-manager/FeedCheckList.tsx';

/** The publishing checklist: each item ticked or crossed; below it what the show's feed check found, each with where to fix it. */
export function PublishingChecklist({ items, feedCheck }: { items: ChecklistItem[]; feedCheck: TFeedCheck | null }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        Publishing checklist
      </Text>
      <List spacing={6} size="sm" center data-testid="publishing-checklist">
        {items.map((item) => (
          <List.Item
            key={item.key}
            data-done={item.done}
            icon={
              <ThemeIcon color={item.done ? 'green' : 'gray'} size={20} radius="xl" variant={item.done ? 'filled' : 'light'}>
                {item.done ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <Text span size="sm" c={item.done ? undefined : 'dimmed'}>
              {item.label}
            </Text>
          </List.Item>
        ))}
      </List>
      {feedCheck && (
        <Stack gap={4} mt="sm">
          <FeedCheckList check={feedCheck} />
        </Stack>
      )}
    </Paper>
  );
}
