import { useCallback, useState } from 'react';
import { Alert, Grid, Loader, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { TEMPLATE_MESSAGES, type TPodcast, type TRecurringSchedulesResponse, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { EditorHeader } from './EditorHeader.tsx';
import { EditorSections } from './EditorSections.tsx';
import { LeaveDialog, useLeaveGuard } from './LeaveGuard.tsx';
import { QuickstartCard, StatusCard } from './SideCards.tsx';
import { RerenderCard } from './RerenderCard.tsx';
import { TemplateTour } from './TemplateTour.tsx';
import { TEMPLATES_PATH, templateIdFromPath } from './template-paths.ts';
import { useSaveTemplate, useScheduleDraft, useTemplateDraft, useToggleActive } from './use-template-editor.ts';

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

/** The next publish slot the server computed for a saved template, as the schedule section shows it. */
function useNextPublish(id: string | null) {
  const next = trpc.templates.next.useQuery({ id: id ?? '' }, { enabled: id !== null });
  return next.data ? { date: next.data.next_publish_date, time: next.data.next_publish_time, timezone: next.data.timezone } : null;
}

/** Which sections are open; the tour and a refused save open the one they point at. */
function useOpenSections() {
  const [sections, setSections] = useState<string[]>(['basics', 'structure', 'music']);
  const openSection = useCallback((target: string) => setSections((open) => (open.includes(target) ? open : [...open, target])), []);
  return { sections, setSections, openSection };
}

function TemplateEditor({ id, shows, template, schedule: loadedSchedule, scheduleFailed }: EditorProps) {
  const navigate = useNavigate();
  const editor = useTemplateDraft(template, shows);
  const schedule = useScheduleDraft(loadedSchedule);
  const { sections, setSections, openSection } = useOpenSections();
  const [tourStep, setTourStep] = useState<number | null>(null);
  const dirty = editor.dirty || schedule.dirty;
  const guard = useLeaveGuard(dirty);
  const backToList = () => void navigate(TEMPLATES_PATH);
  const onSaved = () => {
    guard.release();
    backToList();
  };
  const save = useSaveTemplate({ id, editor, schedule, onRefused: openSection, onSaved });
  const active = useToggleActive(id, editor);

  return (
    <Stack gap="md" maw={1180}>
      <EditorHeader
        name={editor.draft.name}
        isNew={id === null}
        dirty={dirty}
        saving={save.isPending}
        onBack={backToList}
        onTour={() => setTourStep(0)}
        onSave={() => save.mutate()}
      />
      {id !== null && template !== null && template.podcast_id === null && <MissingShowAlert />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EditorForm
            id={id}
            shows={shows}
            editor={editor}
            schedule={schedule}
            scheduleFailed={scheduleFailed}
            sections={sections}
            onSections={setSections}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <EditorSideCards id={id} editor={editor} active={active} dirty={dirty} onTour={() => setTourStep(0)} />
        </Grid.Col>
      </Grid>
      <LeaveDialog blocker={guard.blocker} />
      <TemplateTour step={tourStep} onStep={setTourStep} onOpenSection={openSection} />
    </Stack>
  );
}

interface FormProps {
  id: string | null;
  shows: readonly TPodcast[];
  editor: ReturnType<typeof useTemplateDraft>;
  schedule: ReturnType<typeof useScheduleDraft>;
  scheduleFailed: boolean;
  sections: string[];
  onSections: (sections: string[]) => void;
}

/** The editor's sections, with the media library for its pickers and the next publish slot for its schedule. */
function EditorForm({ id, shows, editor, schedule, scheduleFailed, sections, onSections }: FormProps) {
  const library = trpc.media.library.useQuery();
  const nextInfo = useNextPublish(id);
  return (
    <EditorSections
      draft={editor.draft}
      problems={editor.problems}
      onChange={editor.patch}
      shows={shows}
      library={{ items: library.data ?? [], loaded: library.isSuccess }}
      schedule={{ value: schedule.value, next: nextInfo, loadFailed: scheduleFailed }}
      onSchedule={schedule.setValue}
      open={sections}
      onOpen={onSections}
    />
  );
}

/** A saved template whose show was deleted: it needs a show again before it can be used. */
function MissingShowAlert() {
  return (
    <Alert color="orange" title={TEMPLATE_MESSAGES.missingShow}>
      {TEMPLATE_MESSAGES.missingShowDetail}
    </Alert>
  );
}

interface SideProps {
  id: string | null;
  editor: ReturnType<typeof useTemplateDraft>;
  active: ReturnType<typeof useToggleActive>;
  dirty: boolean;
  onTour: () => void;
}

/** The editor's side column: the quickstart, the active switch and (once saved) re-rendering its episodes. */
function EditorSideCards({ id, editor, active, dirty, onTour }: SideProps) {
  return (
    <Stack gap="md">
      <QuickstartCard draft={editor.draft} onTour={onTour} />
      <StatusCard active={editor.draft.is_active} saved={id !== null} busy={active.busy} onToggle={active.toggle} />
      {id !== null ? <RerenderCard templateId={id} dirty={dirty} /> : null}
    </Stack>
  );
}
