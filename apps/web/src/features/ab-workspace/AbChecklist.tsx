import { Button, Group, List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { AB_CHECKLIST, AB_MESSAGES, abChecklist, type TAbDraft } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';

/** The five checks of spec 002 §2.11; 'Go to Finalize' is enabled only when all are done. */
export function AbChecklist({ draft, onFinalize, onIntroOutro }: { draft: TAbDraft; onFinalize(): void; onIntroOutro(): void }) {
  const done = abChecklist(draft);
  return (
    <TitledCard title="Checklist" aria-label="Checklist">
      <List spacing={6} center>
        {AB_CHECKLIST.map((label, i) => (
          <List.Item
            key={label}
            data-done={done[i] ? 'true' : 'false'}
            icon={
              <ThemeIcon size={20} radius="xl" color={done[i] ? 'teal' : 'gray'} variant={done[i] ? 'filled' : 'light'}>
                {done[i] ? <IconCheck size={12} aria-label="done" /> : <IconCircleDashed size={12} aria-label="to do" />}
              </ThemeIcon>
            }
          >
            {label}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onIntroOutro} disabled={!draft.template}>
          Intro/outro
        </Button>
        <Button onClick={onFinalize} disabled={!done.every(Boolean)}>
          {AB_MESSAGES.goToFinalize}
        </Button>
      </Group>
    </TitledCard>
  );
}
