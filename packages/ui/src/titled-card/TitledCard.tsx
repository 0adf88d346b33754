import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Card, Stack, Title, type CardProps, type MantineSpacing, type TitleOrder } from '@mantine/core';

export type TitledCardProps = Omit<CardProps, 'children' | 'title'> &
  Omit<ComponentPropsWithoutRef<'div'>, keyof CardProps | 'title'> & {
    title: ReactNode;
    /** The heading's level; its look is `size`. */
    order?: TitleOrder;
    size?: 'h3' | 'h4' | 'h5';
    /** The space between the heading and each part of the content. */
    gap?: MantineSpacing;
    /** A card that is a landmark of its page (named by its aria-label). */
    component?: 'section';
    children: ReactNode;
  };

/** A bordered card with a heading, its content stacked below it: a settings group, a form or a side panel. */
export function TitledCard({ title, order = 2, size = 'h4', gap = 'sm', padding = 'lg', children, ...card }: TitledCardProps) {
  return (
    <Card withBorder padding={padding} {...card}>
      <Stack gap={gap}>
        <Title order={order} size={size}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
