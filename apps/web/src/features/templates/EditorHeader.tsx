import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconHelpCircle } from '@tabler/icons-react';

interface Props {
  name: string;
  isNew: boolean;
  dirty: boolean;
  saving: boolean;
  onBack: () => void;
  onTour: () => void;
  onSave: () => void;
}

/** Back, the template's name, whether changes are saved, Tour and Save Template. */
export function EditorHeader({ name, isNew, dirty, saving, onBack, onTour, onSave }: Props) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <div>
          <Title order={1} size="h2">
            Template Editor
          </Title>
          <Text size="sm" c="dimmed" truncate="end" maw={360}>
            {name || (isNew ? 'New template' : 'Untitled template')}
          </Text>
        </div>
      </Group>
      <Group gap="sm">
        {dirty ? (
          <Badge color="orange" variant="light" leftSection="●" data-testid="unsaved-indicator">
            Unsaved changes
          </Badge>
        ) : (
          <Badge color="gray" variant="light" data-testid="saved-indicator">
            All changes saved
          </Badge>
        )}
        <Button variant="default" leftSection={<IconHelpCircle size={16} />} onClick={onTour}>
          Tour
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving} data-tour="save">
          Save Template
        </Button>
      </Group>
    </Group>
  );
}
