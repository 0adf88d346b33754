import { useMemo } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { CADENCE_UNITS, ONBOARDING_MESSAGES, type TCadenceUnit } from '@ppp/contracts';
import { UNIT_LABELS, WEEKDAY_LABELS, scheduleKind, toggle } from '../cadence.ts';
import { TimeZoneSelect } from '../../publishing/ZonedScheduleFields.tsx';
import { browserZone } from '../../publishing/schedule-time.ts';
import { localToday, scheduleMonths, type CalendarCell, type CalendarMonth } from '../schedule-calendar.ts';
import type { StepProps } from './step-props.ts';

/** 'Publish [count] times per [unit]': a frequency must be chosen, count 1 or more, bi-weekly only 1. */
export function PublishCadenceStep({ state, update, error }: StepProps) {
  const { cadence } = state;
  const countError = error === ONBOARDING_MESSAGES.countMin || error === ONBOARDING_MESSAGES.biweeklyCount ? error : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
      <NumberInput
        label="How many episodes"
        min={1}
        step={1}
        allowDecimal={false}
        value={cadence.count}
        onChange={(value) => update({ cadence: { ...cadence, count: typeof value === 'number' ? value : Number(value) || 0 } })}
        error={countError}
      />
      <Select
        label="Per"
        placeholder="Choose a frequency"
        data={CADENCE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
        value={cadence.unit}
        onChange={(unit) => update({ cadence: { ...cadence, unit: unit as TCadenceUnit | null }, weekdays: [], dates: [] })}
        error={error === ONBOARDING_MESSAGES.frequencyRequired ? error : null}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

function DayButton({ cell, selected, onToggle }: { cell: CalendarCell; selected: boolean; onToggle: (iso: string) => void }) {
  return (
    <UnstyledButton
      onClick={() => onToggle(cell.iso)}
      aria-pressed={selected}
      aria-label={cell.iso}
      w="100%"
      h={36}
      bg={selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-0)'}
      c={selected ? 'white' : undefined}
      fw={selected ? 700 : 400}
      style={{ borderRadius: 'var(--mantine-radius-sm)', textAlign: 'center' }}
    >
      {cell.day}
    </UnstyledButton>
  );
}

function MonthCalendar({
  month,
  selected,
  onToggle,
}: {
  month: CalendarMonth;
  selected: readonly string[];
  onToggle: (iso: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {month.label}
      </Title>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={2} aria-label={month.label} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            {WEEKDAY_LABELS.map((d) => (
              <Table.Th key={d} ta="center">
                <Text size="xs" c="dimmed">
                  {d}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {month.weeks.map((week, row) => (
            <Table.Tr key={row}>
              {week.map((cell, col) => (
                <Table.Td key={col} ta="center" p={2}>
                  {cell ? <DayButton cell={cell} selected={selected.includes(cell.iso)} onToggle={onToggle} /> : null}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Weekdays for weekly; dates of the rest of this month and next for bi-weekly or monthly; or 'I'm not sure yet'. */
export function PublishScheduleStep({ state, update, error }: StepProps) {
  const kind = scheduleKind(state.cadence.unit);
  const months = useMemo(() => scheduleMonths(localToday()), []);
  return (
    <Stack>
      {kind === 'weekdays' ? (
        <Chip.Group multiple value={state.weekdays.map(String)} onChange={(values) => update({ weekdays: values.map(Number).sort() })}>
          <Group gap="xs" role="group" aria-label="Publish days">
            {WEEKDAY_LABELS.map((label, day) => (
              <Chip key={label} value={String(day)} disabled={state.notSure}>
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}
      {kind === 'dates' ? (
        <SimpleGrid cols={{ base: 1, sm: months.length }} style={state.notSure ? { opacity: 0.5, pointerEvents: 'none' } : undefined}>
          {months.map((month) => (
            <MonthCalendar
              key={month.label}
              month={month}
              selected={state.dates}
              onToggle={(iso) => update({ dates: toggle(state.dates, iso) })}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {kind === 'none' ? (
        <Text size="sm" c="dimmed">
          {state.cadence.unit === 'day'
            ? 'Every day: no days to pick.'
            : 'No dates to pick for this frequency; you can plan episodes one by one.'}
        </Text>
      ) : null}
      <Checkbox label="I'm not sure yet" checked={state.notSure} onChange={(e) => update({ notSure: e.currentTarget.checked })} />
      {!state.notSure && state.cadence.unit !== 'year' ? <PublishTimeFields state={state} update={update} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The time episodes publish at and its time zone (issue 19): 05:00 UTC unless changed (spec 000 §9),
 * any zone the browser knows, with the creator's own offered in one click.
 */
function PublishTimeFields({ state, update }: Pick<StepProps, 'state' | 'update'>) {
  const own = browserZone();
  return (
    <Stack gap="xs" maw={560}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="time"
          label="Publish time"
          value={state.publishTime}
          onChange={(e) => update({ publishTime: e.currentTarget.value })}
          description="When each episode goes out."
        />
        <TimeZoneSelect value={state.publishZone} onChange={(publishZone) => update({ publishZone })} />
      </SimpleGrid>
      {state.publishZone !== own ? (
        <Button variant="subtle" size="compact-sm" onClick={() => update({ publishZone: own })} style={{ alignSelf: 'flex-start' }}>
          Use my time zone ({own})
        </Button>
      ) : null}
    </Stack>
  );
}
