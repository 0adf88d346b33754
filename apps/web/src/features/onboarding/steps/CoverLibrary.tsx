import { Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TCoverImage } from '@ppp/contracts';

/** The creator's cover images already in the library (spec 002 section 5: 'existing or uploaded'); one click picks one. */
export function CoverLibrary({
  covers,
  chosen,
  onPick,
}: {
  covers: readonly TCoverImage[];
  chosen: string | null;
  onPick: (cover: TCoverImage) => void;
}) {
  if (covers.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="cover-library-title">
      <Title order={2} size="h5" id="cover-library-title">
        Or use one from your library
      </Title>
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" role="group" aria-label="Your cover images">
        {covers.map((cover) => {
          const selected = cover.filename === chosen;
          return (
            <UnstyledButton
              key={cover.id}
              onClick={() => onPick(cover)}
              aria-pressed={selected}
              aria-label={`Use ${cover.display_name}`}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                outline: selected ? '3px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
                outlineOffset: selected ? 2 : 0,
                overflow: 'hidden',
              }}
            >
              <Image src={cover.path} alt="" style={{ aspectRatio: '1 / 1' }} fit="cover" />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Cover art and episode covers in your media library.
      </Text>
    </Stack>
  );
}
