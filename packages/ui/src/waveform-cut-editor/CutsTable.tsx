import { ActionIcon, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCutTime } from '@ppp/contracts';
import { formatLength, sortedCuts, withTypedEdge, type EditorCut } from './cut-list.ts';

interface EdgeFieldProps {
  cut: EditorCut;
  edge: 'start' | 'end';
  index: number;
  durationMs: number;
  onChange: (cut: EditorCut) => void;
}

/** A start or end field in mm:ss.ss; a time that does not fit reverts to the cut's own (keyed by it, so a moved region refreshes it). */
function EdgeField({ cut, edge, index, durationMs, onChange }: EdgeFieldProps) {
  const value = formatCutTime(edge === 'start' ? cut.start_ms : cut.end_ms);
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const next = withTypedEdge(cut, edge, text, durationMs);
    setInvalid(next === null);
    if (next) onChange(next);
    else setText(value);
  };
  return (
    <TextInput
      size="xs"
      w={110}
      value={text}
      error={invalid}
      aria-label={`Cut ${index + 1} ${edge}`}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

export interface CutsTableProps {
  cuts: readonly EditorCut[];
  durationMs: number;
  onChange: (cut: EditorCut) => void;
  onClear: (id: string) => void;
}

/** The cuts, by start: start and end fields (mm:ss.ss), length, and clear-this-cut. */
export function CutsTable({ cuts, durationMs, onChange, onClear }: CutsTableProps) {
  if (cuts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-cuts">
        No cuts yet. Drag across the waveform, or press Add cut.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped verticalSpacing={4} aria-label="Cuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Length</Table.Th>
            <Table.Th aria-label="Clear" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortedCuts(cuts).map((cut, index) => (
            <Table.Tr key={cut.id} data-testid="cut-row">
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <EdgeField key={`s-${cut.start_ms}`} cut={cut} edge="start" index={index} durationMs={durationMs} onChange={onChange} />
              </Table.Td>
              <Table.Td>
                <EdgeField key={`e-${cut.end_ms}`} cut={cut} edge="end" index={index} durationMs={durationMs} onChange={onChange} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="cut-length">
                {formatLength(cut.end_ms - cut.start_ms)}
              </Table.Td>
              <Table.Td>
                <Tooltip label="Clear this cut">
                  <ActionIcon variant="subtle" color="red" aria-label={`Clear cut ${index + 1}`} onClick={() => onClear(cut.id)}>
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
