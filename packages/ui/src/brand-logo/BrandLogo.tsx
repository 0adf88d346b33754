import { Group, Text, type MantineSize } from '@mantine/core';

export interface BrandLogoProps {
  /** Hide the word mark on narrow screens by passing false. */
  withText?: boolean;
  size?: MantineSize;
}

const MARK_PX: Record<MantineSize, number> = { xs: 20, sm: 24, md: 30, lg: 36, xl: 44 };

/** The Podcast Plus Plus mark: a microphone on the brand colour, with the word mark beside it. */
export function BrandLogo({ withText = true, size = 'md' }: BrandLogoProps) {
  const px = MARK_PX[size];
  return (
    <Group gap={8} wrap="nowrap" aria-label="Podcast Plus Plus">
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <rect x="13" y="6" width="6" height="12" rx="3" fill="#fff" />
        <path d="M9 15a7 7 0 0 0 14 0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
        <path d="M16 22v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {withText && (
        <Text component="span" fw={800} size={size} style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          Podcast Plus Plus
        </Text>
      )}
    </Group>
  );
}
