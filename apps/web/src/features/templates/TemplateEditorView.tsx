import { useCallback, useEffect, useMemo, useState } from 'react';
import { Accordion, Alert, Badge, Button, Grid, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconHelpCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import {
  RECURRING_SCHEDULE_MESSAGES,
  TEMPLATE_MESSAGES,
  type TPodcast,
  type TRecurringSchedulesResponse,
  type TTemplateView,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import {
  draftFromTemplate,
  hasProblems,
  newTemplateDraft,
  snapshotOf,
  toTemplateBody,
  validateDraft,
  type DraftProblems,
  type TemplateDraft,
} from './editor-state.ts';
import { emptySchedule, scheduleBody, scheduleFromResponse, scheduleSnapshot, type ScheduleDraft } from './schedule-state.ts';
import { BasicsSection } from './BasicsSection.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';
import { AiGuidanceSection } from './AiGuidanceSection.tsx';
import { StructureSection } from './StructureSection.tsx';
import { MusicSection } from './MusicSection.tsx';
import { QuickstartCard, StatusCard } from './SideCards.tsx';
import { RerenderCard } from './RerenderCard.tsx';
import { TemplateTour } from './TemplateTour.tsx';
import { TEMPLATES_PATH, templateIdFromPath } from './template-paths.ts';

/** The Template Editor (spec 000 section 2) for /dashboard/templates/new or /dashboard/templates/{id}. */
export function TemplateEditorView() {
  const location = useLocation();
  const id = templateIdFromPath(location.pathname) ?? 'new';
  const isNew = id === 'new';
  const shows = trpc.podcasts.list.useQuery();
  const template = trpc.templates.get.useQuery({ id }, { enabled: !isNew, retry: false });
  const schedule = trpc.templates.schedules.useQuery({ id }, { enabled: !isNew, retry: false });

  if (shows.isPending || (!isNew && (template.isPending || schedule.isPending))) return <Loader aria-label="Loading template" />;
  if (!isNew && template.isError) {
    return (
      <Alert color="red" title={TEMPLATE_MESSAGES.templateNotFound}>
        {toApiFailure(template.error).message}
      </Alert>
    );
  }
  return (
    <TemplateEditor
      key={id}
      id={isNew ? null : id}
      shows={shows.data ?? []}
      template={template.data ?? null}
      schedule={schedule.data ?? null}
      scheduleFailed={schedule.isError}
    />
  );
}

interface EditorProps {
  id: string | null;
  shows: readonly TPodcast[];
  template: TTemplateView | null;
  schedule: TRecurringSchedulesResponse | null;
  scheduleFailed: boolean;
}

function TemplateEditor({ id, shows, template, schedule: loadedSchedule, scheduleFailed }: EditorProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const library = trpc.media.library.useQuery();
  const next = trpc.templates.next.useQuery({ id: id ?? '' }, { enabled: id !== null });
  const create = trpc.templates.create.useMutation();
  const update = trpc.templates.update.useMutation();
  const setActive = trpc.templates.setActive.useMutation();
  const saveSchedules = trpc.templates.saveSchedules.useMutation();

  const initial = useMemo(
    () => (template ? draftFromTemplate(template) : newTemplateDraft(shows.length === 1 ? (shows[0]?.id ?? null) : null)),
    [template, shows],
  );
  const initialSchedule = useMemo(
    () =>
      loadedSchedule ? scheduleFromResponse(loadedSchedule) : emptySchedule(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
    [loadedSchedule],
  );
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [saved, setSaved] = useState(() => snapshotOf(initial));
  const [schedule, setSchedule] = useState<ScheduleDraft>(initialSchedule);
  const [scheduleSaved, setScheduleSaved] = useState(() =>
    loadedSchedule ? scheduleSnapshot(initialSchedule) : scheduleSnapshot(emptySchedule(initialSchedule.timezone)),
  );
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sections, setSections] = useState<string[]>(['basics', 'structure', 'music']);
  const [tourStep, setTourStep] = useState<number | null>(null);

  const dirty = snapshotOf(draft) !== saved || scheduleSnapshot(schedule) !== scheduleSaved;
  const patch = (change: Partial<TemplateDraft>) => setDraft((current) => ({ ...current, ...change }));
  const openSection = useCallback((target: string) => setSections((open) => (open.includes(target) ? open : [...open, target])), []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const backToList = () => void navigate(TEMPLATES_PATH);

  async function save() {
    const found = validateDraft(draft);
    setProblems(found);
    if (hasProblems(found)) {
      const firstSection =
        found.podcast_id || found.name
          ? 'basics'
          : found.tags_always_include
            ? 'ai'
            : Object.keys(found.segments).length
              ? 'structure'
              : 'music';
      openSection(firstSection);
      notifications.show({ color: 'red', title: TEMPLATE_MESSAGES.saveFailed, message: found.first });
      return;
    }
    setSaving(true);
    try {
      const body = toTemplateBody(draft);
      const stored = id ? await update.mutateAsync({ id, template: body }) : await create.mutateAsync(body);
      setSaved(snapshotOf(draftFromTemplate(stored)));
      setDraft(draftFromTemplate(stored));
      notifications.show({ color: 'green', title: TEMPLATE_MESSAGES.saved, message: stored.name });
      if (scheduleSnapshot(schedule) !== scheduleSaved) {
        try {
          const result = await saveSchedules.mutateAsync({ id: stored.id, schedule: scheduleBody(schedule) });
          setSchedule(scheduleFromResponse(result));
          setScheduleSaved(scheduleSnapshot(scheduleFromResponse(result)));
          notifications.show({ color: 'green', title: RECURRING_SCHEDULE_MESSAGES.updated, message: `${result.schedules.length} slot(s)` });
        } catch (err) {
          notifications.show({
            color: 'red',
            title: RECURRING_SCHEDULE_MESSAGES.saveFailed,
            message: toApiFailure(err).message ?? RECURRING_SCHEDULE_MESSAGES.saveFailed,
          });
          return;
        }
      }
      await utils.templates.invalidate();
      backToList();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: TEMPLATE_MESSAGES.saveFailed,
        message: toApiFailure(err).message ?? TEMPLATE_MESSAGES.saveFailed,
      });
    } finally {
      setSaving(false);
    }
  }

  async function toggleActive() {
    const active = !draft.is_active;
    if (!id) return patch({ is_active: active });
    try {
      await setActive.mutateAsync({ id, is_active: active });
      patch({ is_active: active });
      // The stored template changed too, so only the user's other edits stay unsaved.
      setSaved((snapshot) => JSON.stringify({ ...JSON.parse(snapshot), is_active: active }));
      await utils.templates.list.invalidate();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: TEMPLATE_MESSAGES.saveFailed,
        message: toApiFailure(err).message ?? TEMPLATE_MESSAGES.saveFailed,
      });
    }
  }

  const nextInfo = next.data
    ? { date: next.data.next_publish_date, time: next.data.next_publish_time, timezone: next.data.timezone }
    : null;
  const showMissing = id !== null && template !== null && template.podcast_id === null;

  return (
    <Stack gap="md" maw={1180}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => (dirty ? setLeaving(true) : backToList())}>
            Back
          </Button>
          <div>
            <Title order={1} size="h2">
              Template Editor
            </Title>
            <Text size="sm" c="dimmed" truncate="end" maw={360}>
              {draft.name || (id ? 'Untitled template' : 'New template')}
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
          <Button variant="default" leftSection={<IconHelpCircle size={16} />} onClick={() => setTourStep(0)}>
            Tour
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} loading={saving} data-tour="save">
            Save Template
          </Button>
        </Group>
      </Group>
      {showMissing && (
        <Alert color="orange" title={TEMPLATE_MESSAGES.missingShow}>
          {TEMPLATE_MESSAGES.missingShowDetail}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Accordion multiple value={sections} onChange={setSections} variant="separated" chevronPosition="left">
            <Accordion.Item value="basics" data-tour="basics">
              <Accordion.Control>Basics</Accordion.Control>
              <Accordion.Panel>
                <BasicsSection draft={draft} shows={shows} problems={problems} onChange={patch} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="schedule" data-tour="schedule">
              <Accordion.Control>Recurring Publish Schedule</Accordion.Control>
              <Accordion.Panel>
                <ScheduleSection schedule={schedule} next={nextInfo} loadFailed={scheduleFailed} onChange={setSchedule} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="ai" data-tour="ai">
              <Accordion.Control>AI Content guidance</Accordion.Control>
              <Accordion.Panel>
                <AiGuidanceSection draft={draft} problems={problems} onChange={patch} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="structure" data-tour="structure">
              <Accordion.Control>Episode Structure</Accordion.Control>
              <Accordion.Panel>
                <StructureSection
                  segments={draft.segments}
                  library={library.data ?? []}
                  libraryLoaded={library.isSuccess}
                  problems={problems?.segments ?? {}}
                  onChange={(segments) => patch({ segments })}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="music" data-tour="music">
              <Accordion.Control>Music & Timing Options</Accordion.Control>
              <Accordion.Panel>
                <MusicSection
                  draft={draft}
                  library={library.data ?? []}
                  libraryLoaded={library.isSuccess}
                  problems={problems?.music ?? {}}
                  onChange={patch}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <QuickstartCard draft={draft} onTour={() => setTourStep(0)} />
            <StatusCard active={draft.is_active} saved={id !== null} busy={setActive.isPending} onToggle={() => void toggleActive()} />
            {id !== null ? <RerenderCard templateId={id} dirty={dirty} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title="Unsaved changes" size="sm">
        <Stack>
          <Text size="sm">{TEMPLATE_MESSAGES.leaveWithoutSaving}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLeaving(false)}>
              Stay
            </Button>
            <Button color="red" onClick={backToList}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
      <TemplateTour step={tourStep} onStep={setTourStep} onOpenSection={openSection} />
    </Stack>
  );
}
