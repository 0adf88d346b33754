import { useEffect } from 'react';
import { Button, Group, Paper, Portal, Text, Title } from '@mantine/core';

export interface TourStep {
  target: string;
  title: string;
  body: string;
}

/** The guided tour's stops: each section of the editor, in the order a new template is built. */
export const TEMPLATE_TOUR: readonly TourStep[] = [
  { target: 'basics', title: 'Basics', body: 'Name the template and choose the show its episodes belong to. A show is required.' },
  {
    target: 'structure',
    title: 'Episode Structure',
    body: 'Intro, content and outro in order. Each intro or outro is a clip from your library or an AI voice reading a script. Drag to reorder; the content stays put.',
  },
  {
    target: 'music',
    title: 'Music & Timing',
    body: 'Play background music under chosen segments with fades and a loudness from 1 to 11 (10 is as recorded). Offsets overlap segments when negative.',
  },
  {
    target: 'ai',
    title: 'AI Content guidance',
    body: 'Tell the AI how to write titles, notes and tags, and list tags every episode should carry.',
  },
  {
    target: 'schedule',
    title: 'Recurring Publish Schedule',
    body: 'Pick the days and time episodes usually go out; the next slot is suggested when you publish.',
  },
  { target: 'save', title: 'Save', body: 'Save Template stores everything. The dot beside it tells you when there are unsaved changes.' },
];

interface Props {
  step: number | null;
  onStep: (step: number | null) => void;
  onOpenSection: (target: string) => void;
}

/** Opens the stop's section, scrolls to it and outlines it while the stop is shown. */
function useTourHighlight(current: TourStep | null, onOpenSection: (target: string) => void) {
  useEffect(() => {
    if (!current) return;
    onOpenSection(current.target);
    const timer = setTimeout(() => {
      const element = document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`);
      if (!element) return;
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      element.style.outline = '3px solid var(--mantine-color-blue-5)';
      element.style.outlineOffset = '4px';
    }, 50);
    return () => {
      clearTimeout(timer);
      const element = document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`);
      if (element) element.style.outline = '';
    };
  }, [current, onOpenSection]);
}

/** A step-by-step tour that opens each section, scrolls to it and outlines it. */
export function TemplateTour({ step, onStep, onOpenSection }: Props) {
  const current = step === null ? null : (TEMPLATE_TOUR[step] ?? null);
  useTourHighlight(current, onOpenSection);
  if (!current || step === null) return null;
  return (
    <Portal>
      <Paper
        role="dialog"
        aria-label="Guided tour"
        shadow="xl"
        withBorder
        p="md"
        style={{
          position: 'fixed',
          bottom: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          width: 'min(420px, calc(100vw - 24px))',
          zIndex: 300,
        }}
      >
        <Text size="xs" c="dimmed">
          Step {step + 1} of {TEMPLATE_TOUR.length}
        </Text>
        <Title order={3} size="h5">
          {current.title}
        </Title>
        <Text size="sm" mt={4}>
          {current.body}
        </Text>
        <TourButtons step={step} onStep={onStep} />
      </Paper>
    </Portal>
  );
}

/** Close, Back, and Next (Done on the last stop). */
function TourButtons({ step, onStep }: { step: number; onStep: Props['onStep'] }) {
  return (
    <Group justify="space-between" mt="sm">
      <Button variant="subtle" size="xs" onClick={() => onStep(null)}>
        Close tour
      </Button>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={step === 0} onClick={() => onStep(step - 1)}>
          Back
        </Button>
        {step < TEMPLATE_TOUR.length - 1 ? (
          <Button size="xs" onClick={() => onStep(step + 1)}>
            Next
          </Button>
        ) : (
          <Button size="xs" onClick={() => onStep(null)}>
            Done
          </Button>
        )}
      </Group>
    </Group>
  );
}
