import { Anchor, Group, List, Paper, SimpleGrid, Text } from '@mantine/core';
import { LegalLayout } from '../legal/LegalLayout.tsx';
import { HELP_TOPICS } from './help-topics.ts';

/** /help: topics with short answers, and where to go next. */
export function HelpPage() {
  return (
    <LegalLayout title="Help Center" updated="Answers to the questions creators ask most">
      <nav aria-label="Help topics">
        <Group gap="xs" mb="lg">
          {HELP_TOPICS.map((t) => (
            <Anchor key={t.id} href={`#${t.id}`} size="sm">
              {t.title}
            </Anchor>
          ))}
        </Group>
      </nav>
      {HELP_TOPICS.map((topic) => (
        <section key={topic.id} aria-labelledby={topic.id}>
          <h2 id={topic.id}>{topic.title}</h2>
          <List spacing={4}>
            {topic.points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </section>
      ))}
      <h2>Still stuck?</h2>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {[
          { href: '/contact', title: 'Contact us', body: 'Questions about plans, teams or your account.' },
          { href: '/docs/podcast-website-builder', title: 'Website Builder Guide', body: 'Generate, publish and connect a domain.' },
          { href: '/pricing', title: 'Pricing', body: 'Compare plans and what each one includes.' },
        ].map((c) => (
          <Paper key={c.href} withBorder p="md" radius="md">
            <Anchor href={c.href} fw={700}>
              {c.title}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {c.body}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </LegalLayout>
  );
}
