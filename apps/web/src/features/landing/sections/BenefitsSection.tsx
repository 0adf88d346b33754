import { Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { BENEFITS } from '../landing-content.ts';

export function BenefitsSection({ columns = 3 }: { columns?: 2 | 3 }) {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="benefits-title">
      <Title order={2} ta="center" mb="xl" id="benefits-title">
        Why creators switch
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
        {BENEFITS.map((b) => (
          <Group key={b.title} align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon color="teal" variant="light" radius="xl" size={28}>
              <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden="true" />
            </ThemeIcon>
            <div>
              <Text fw={700}>{b.title}</Text>
              <Text c="dimmed" size="sm">
                {b.body}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </Container>
  );
}
