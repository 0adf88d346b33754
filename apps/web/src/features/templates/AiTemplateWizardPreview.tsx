import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { DialogActions } from '@ppp/ui';

export const AI_TEMPLATE_WIZARD = {
  title: 'AI template wizard',
  previewNote: 'This wizard is a preview: it cannot make a template yet. Create one yourself with Create template.',
} as const;

/**
 * The AI template wizard exists only as a disabled preview (spec 001 §1): a modal that Escape (or
 * Close) closes, whose description box and Generate button are disabled.
 */
export function AiTemplateWizardPreview() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconSparkles size={16} />} onClick={() => setOpen(true)}>
        {AI_TEMPLATE_WIZARD.title}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        centered
        closeOnEscape
        title={
          <Group gap="xs">
            <Text fw={700}>{AI_TEMPLATE_WIZARD.title}</Text>
            <Badge variant="light" color="gray">
              Preview
            </Badge>
          </Group>
        }
      >
        <Stack>
          <Text size="sm">Describe your show and the wizard drafts a template: its segments, music and AI guidance.</Text>
          <Textarea
            label="Describe your show"
            placeholder="A weekly interview show about the harbour, with a short intro and a music bed…"
            autosize
            minRows={3}
            disabled
          />
          <Alert color="blue" variant="light">
            {AI_TEMPLATE_WIZARD.previewNote}
          </Alert>
          <DialogActions onCancel={() => setOpen(false)} cancelLabel="Close">
            <Button leftSection={<IconSparkles size={16} />} disabled>
              Generate template
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </>
  );
}
