import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import type { TTemplateView } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';

const NONE = '';

interface Props {
  /** The linked template's id, or null for none. */
  value: string | null;
  onChange(templateId: string | null): void;
}

/**
 * The edit panel's template link (spec 001 §2 'template chooser dialog'): the linked template's name
 * and a Change button opening a dialog that lists the creator's templates (with their show, segments
 * and whether they are active), or no template.
 */
export function TemplateChooser({ value, onChange }: Props) {
  const templates = trpc.templates.list.useQuery();
  const [open, setOpen] = useState(false);
  const linked = templates.data?.find((t) => t.id === value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Template
      </Text>
      <Group gap="sm" wrap="nowrap">
        <IconTemplate size={18} aria-hidden />
        <Text size="sm" style={{ flex: 1 }} data-testid="linked-template" c={linked ? undefined : 'dimmed'}>
          {linked?.name ?? (value ? 'A template no longer in your list' : 'No template')}
        </Text>
        <Button size="xs" variant="default" onClick={() => setOpen(true)}>
          Change template
        </Button>
      </Group>
      {open && (
        <TemplateChooserDialog
          templates={templates.data ?? null}
          value={value}
          onClose={() => setOpen(false)}
          onChoose={(id) => {
            onChange(id);
            setOpen(false);
          }}
        />
      )}
    </Stack>
  );
}

interface DialogProps {
  templates: readonly TTemplateView[] | null;
  value: string | null;
  onClose(): void;
  onChoose(templateId: string | null): void;
}

function TemplateChooserDialog({ templates, value, onClose, onChoose }: DialogProps) {
  const shows = trpc.podcasts.list.useQuery();
  const [chosen, setChosen] = useState(value ?? NONE);
  const showName = (id: string | null) => shows.data?.find((s) => s.id === id)?.name ?? 'No show';
  return (
    <Modal opened onClose={onClose} title="Choose a template" centered size="lg">
      <Stack>
        {templates === null ? (
          <Loader aria-label="Loading templates" />
        ) : (
          <ScrollArea.Autosize mah="60vh">
            <Radio.Group value={chosen} onChange={setChosen} aria-label="Templates">
              <Stack gap="xs">
                <Radio.Card value={NONE} radius="md" p="sm" withBorder aria-label="No template">
                  <Group wrap="nowrap">
                    <Radio.Indicator />
                    <Text fw={600}>No template</Text>
                  </Group>
                </Radio.Card>
                {templates.map((template) => (
                  <TemplateOption key={template.id} template={template} showName={showName(template.podcast_id)} />
                ))}
                {templates.length === 0 && (
                  <Text size="sm" c="dimmed">
                    You have no templates yet.
                  </Text>
                )}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <DialogActions onCancel={onClose}>
          <Button onClick={() => onChoose(chosen === NONE ? null : chosen)} disabled={templates === null}>
            Use this template
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** One template to choose: its name (and Inactive), its show and segment count, its description. */
function TemplateOption({ template, showName }: { template: TTemplateView; showName: string }) {
  return (
    <Radio.Card value={template.id} radius="md" p="sm" withBorder aria-label={template.name}>
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator mt={4} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{template.name}</Text>
            {!template.is_active && (
              <Badge size="sm" color="gray" variant="light">
                Inactive
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {showName} · {template.segments.length} {template.segments.length === 1 ? 'segment' : 'segments'}
          </Text>
          {template.description && (
            <Text size="sm" lineClamp={2}>
              {template.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
