import { Box, Group, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

const STARS = [0, 1, 2, 3, 4] as const;

/** Five stars filled to the rating (0-5, one decimal), read out as 'Rated 4.8 out of 5'. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Group gap={2} wrap="nowrap" role="img" aria-label={`Rated ${rating} out of 5`}>
        {STARS.map((i) => {
          const fill = Math.max(0, Math.min(1, rating - i));
          return (
            <Box key={i} pos="relative" w={18} h={18} c="orange.7" aria-hidden="true">
              <IconStar size={18} style={{ position: 'absolute', inset: 0 }} />
              <Box pos="absolute" top={0} left={0} h={18} w={`${fill * 100}%`} style={{ overflow: 'hidden' }}>
                <IconStarFilled size={18} />
              </Box>
            </Box>
          );
        })}
      </Group>
      <Text size="sm" fw={600} aria-hidden="true">
        {rating.toFixed(1)}
      </Text>
    </Group>
  );
}
