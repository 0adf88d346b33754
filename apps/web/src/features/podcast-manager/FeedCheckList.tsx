import { Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { feedFixPath, type TFeedCheck } from '@ppp/contracts';

const FIX_LABELS = { show_details: 'Fix in Edit Podcast', show_cover: 'Change the cover' } as const;

/**
 * The show's feed check as the publish job will apply it: each problem with a link to where it is
 * fixed (errors stop a publish, warnings do not). Nothing when the show is ready and has no warnings.
 */
export function FeedCheckList({ check, warnings = true }: { check: TFeedCheck; warnings?: boolean }) {
  const items = check.items.filter((item) => warnings || item.severity === 'error');
  if (items.length === 0) return null;
  return (
    <List spacing={6} size="sm" center data-testid="feed-check">
      {items.map((item) => (
        <List.Item
          key={item.code}
          data-severity={item.severity}
          icon={
            <ThemeIcon color={item.severity === 'error' ? 'red' : 'yellow'} size={20} radius="xl" variant="light">
              {item.severity === 'error' ? <IconX size={12} /> : <IconAlertTriangle size={12} />}
            </ThemeIcon>
          }
        >
          <Text span size="sm">
            {item.message}{' '}
          </Text>
          <Anchor component={Link} to={feedFixPath(check.podcast_id, item.fix)} size="sm">
            {FIX_LABELS[item.fix]}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
