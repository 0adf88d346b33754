import type { ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';

/** A column's heading: its text, or only a name for screen readers (an actions column). */
export type DataTableColumn = string | { hiddenLabel: string };

export type DataTableProps = Omit<TableProps, 'children'> & {
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns; without it, it never scrolls. */
  minWidth?: number;
  columns: readonly DataTableColumn[];
  /** The rows. */
  children: ReactNode;
};

/** A table of rows under one heading per column, named for screen readers by `label`. */
export function DataTable({ label, minWidth, columns, children, ...table }: DataTableProps) {
  const content = (
    <Table aria-label={label} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, i) =>
            typeof column === 'string' ? <Table.Th key={i}>{column}</Table.Th> : <Table.Th key={i} aria-label={column.hiddenLabel} />,
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? content : <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer>;
}
