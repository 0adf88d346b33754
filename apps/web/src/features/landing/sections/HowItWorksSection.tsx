import { Card, Collapse, Container, List, Paper, SimpleGrid, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconBroadcast, IconMicrophone, IconScissors } from '@tabler/icons-react';
import { HOW_IT_WORKS, WALKTHROUGH } from '../landing-content.ts';

export const WALKTHROUGH_ID = 'how-it-works-walkthrough';
const STEP_ICONS = [IconMicrophone, IconScissors, IconBroadcast] as const;

function Walkthrough({ open }: { open: boolean }) {
  return (
    <Collapse expanded={open} id={WALKTHROUGH_ID}>
      <Paper withBorder p="lg" mt="lg" radius="md" bg="var(--mantine-color-violet-light)">
        <Text fw={700} mb="xs">
          Your first session, step by step
        </Text>
        <List type="ordered" spacing="xs">
          {WALKTHROUGH.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Paper>
    </Collapse>
  );
}

/** Three steps as cards (regular layout) or a timeline (ab layout), plus the expandable walkthrough. */
export function HowItWorksSection({ walkthroughOpen, variant }: { walkthroughOpen: boolean; variant: 'cards' | 'timeline' }) {
  return (
    <Container size="lg" py="xl" id="how-it-works" component="section" aria-labelledby="how-it-works-title">
      <Title order={2} ta={variant === 'cards' ? 'center' : 'left'} mb="xl" id="how-it-works-title">
        How it works
      </Title>
      {variant === 'cards' ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {HOW_IT_WORKS.map((step, i) => {
            const Icon = STEP_ICONS[i] ?? IconMicrophone;
            return (
              <Card key={step.title} withBorder padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <Icon size={24} aria-hidden="true" />
                </ThemeIcon>
                <Title order={3} size="h4" mb={4}>{`${i + 1}. ${step.title}`}</Title>
                <Text c="dimmed" size="sm">
                  {step.body}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      ) : (
        <Timeline active={HOW_IT_WORKS.length - 1} bulletSize={32} lineWidth={2}>
          {HOW_IT_WORKS.map((step, i) => {
            const Icon = STEP_ICONS[i] ?? IconMicrophone;
            return (
              <Timeline.Item
                key={step.title}
                bullet={<Icon size={16} aria-hidden="true" />}
                title={<Title order={3} size="h4">{`${i + 1}. ${step.title}`}</Title>}
              >
                <Text c="dimmed" size="sm" maw={560}>
                  {step.body}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      <Walkthrough open={walkthroughOpen} />
    </Container>
  );
}
