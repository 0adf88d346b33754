import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { EPISODE_CREATOR_SHELL, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { autoSelectedTemplate, templateDescription } from './creator-rules.ts';

/** Said when no template is active: an episode needs one. */
function NoActiveTemplates() {
  return (
    <Alert color="yellow" title="No active templates">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">An episode is built from a template. Create one, or enable a disabled one.</Text>
        <Button component={Link} to="/dashboard/templates" size="xs" variant="light">
          Open Templates
        </Button>
      </Stack>
    </Alert>
  );
}

/** One active template: its name, segment count and description; choosing it starts the build with it. */
function TemplateCard({ template, onChoose }: { template: TTemplateView; onChoose(): void }) {
  return (
    <UnstyledButton onClick={onChoose} aria-label={`Use template ${template.name}`} data-testid="template-card">
      <Card withBorder padding="lg" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} truncate="end">
              {template.name}
            </Text>
            <Badge variant="light">
              {template.segments.length} segment{template.segments.length === 1 ? '' : 's'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {templateDescription(template.description)}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** Step 1 'Choose a Template': cards of the active templates; exactly one is chosen for the creator. */
export function TemplateStep({ onChoose, autoSelect }: { onChoose(template: TTemplateView): void; autoSelect: boolean }) {
  const list = trpc.templates.list.useQuery();
  const auto = list.data && autoSelect ? autoSelectedTemplate(list.data) : null;

  useEffect(() => {
    if (auto) onChoose(auto);
  }, [auto, onChoose]);

  if (list.isPending) return <Loader aria-label="Loading templates" />;
  if (list.isError) {
    return (
      <Alert color="red" title={toApiFailure(list.error).message ?? 'Unable to load templates'}>
        <Button size="xs" variant="light" onClick={() => void list.refetch()}>
          {EPISODE_CREATOR_SHELL.tryAgain}
        </Button>
      </Alert>
    );
  }
  const active = list.data.filter((t) => t.is_active);
  return (
    <Stack gap="md">
      <Title order={2}>{EPISODE_CREATOR_SHELL.stepTitles[0]}</Title>
      {active.length === 0 && <NoActiveTemplates />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {active.map((template) => (
          <TemplateCard key={template.id} template={template} onChoose={() => onChoose(template)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
