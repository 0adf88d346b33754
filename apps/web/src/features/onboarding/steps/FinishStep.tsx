import { Group, Image, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconLoader2 } from '@tabler/icons-react';
import { ONBOARDING } from '@ppp/contracts';
import { cadenceSummary, scheduleSummary } from '../cadence.ts';
import type { FinishPhase } from '../finish-onboarding.ts';
import type { WizardState } from '../wizard.ts';

const PHASES: { phase: Exclude<FinishPhase, 'done'>; label: string }[] = [
  { phase: 'show', label: 'Creating your show' },
  { phase: 'template', label: 'Saving your episode template' },
  { phase: 'schedule', label: 'Saving your publishing schedule' },
];

type SummaryRow = [label: string, value: string | string[]];

function summaryRows(state: WizardState, musicName: string | null): SummaryRow[] {
  const schedule = scheduleSummary(state);
  return [
    ['Show', state.podcastName.trim() || '—'],
    ['Intro', state.introMedia?.display_name ?? 'None'],
    ['Outro', state.outroMedia?.display_name ?? 'None'],
    ['Music', state.musicId === ONBOARDING.noMusic ? 'No music' : (musicName ?? 'Chosen bed')],
    ['Host', state.host === 'spreaker' ? 'Spreaker' : 'Built-in host (RSS feed on this server)'],
    ['Cadence', cadenceSummary(state.cadence)],
    ['Schedule', schedule.length === 0 ? '—' : state.notSure ? schedule : [...schedule, `Times in ${state.publishZone}`]],
  ];
}

function SummaryLine({ row: [label, value] }: { row: SummaryRow }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} w={80} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {typeof value === 'string' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      ) : (
        <Stack gap={2} data-testid={`summary-${label.toLowerCase()}`}>
          {value.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      )}
    </Group>
  );
}

/** What Finish has done so far: the show, the template, the schedule. */
function FinishProgress({ phase }: { phase: FinishPhase }) {
  const reached = PHASES.findIndex((p) => p.phase === phase);
  return (
    <List spacing="xs" aria-label="Progress" role="status">
      {PHASES.map((p, i) => (
        <List.Item
          key={p.phase}
          icon={
            <ThemeIcon
              size={20}
              radius="xl"
              color={phase === 'done' || i < reached ? 'green' : 'gray'}
              variant={i <= reached || phase === 'done' ? 'filled' : 'light'}
            >
              {phase === 'done' || i < reached ? <IconCheck size={12} /> : <IconLoader2 size={12} />}
            </ThemeIcon>
          }
        >
          {p.label}
        </List.Item>
      ))}
    </List>
  );
}

/** A summary of the answers; Finish (the Next button here) makes the show, template and schedule. */
export function FinishStep({ state, phase, musicName }: { state: WizardState; phase: FinishPhase | null; musicName: string | null }) {
  return (
    <Stack>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {state.coverArt ? <Image src={state.coverArt.path} alt="Cover art" w={120} h={120} radius="md" /> : null}
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          {summaryRows(state, musicName).map((row) => (
            <SummaryLine key={row[0]} row={row} />
          ))}
        </Stack>
      </Group>
      {phase ? <FinishProgress phase={phase} /> : null}
    </Stack>
  );
}
