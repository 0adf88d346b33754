import { Text, Title } from '@mantine/core';

export interface SettingsCardHeadingProps {
  /** The heading's id, which the card's aria-labelledby names. */
  id: string;
  title: string;
  description: string;
}

/** A settings card's heading with one line under it saying what the card does. */
export function SettingsCardHeading({ id, title, description }: SettingsCardHeadingProps) {
  return (
    <div>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  );
}
