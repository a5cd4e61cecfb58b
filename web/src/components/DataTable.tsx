import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollX } from './ScrollX';

/** A heading: its text, or its text with the cell's alignment or least width; false leaves the column out. */
export type Column = string | false | { label: string; ta?: 'right'; miw?: number };

/** A striped table that scrolls sideways in its own region: the headings given, the rows as children. */
export function DataTable({
  label,
  minWidth,
  scrollLabel,
  columns,
  children,
  ...table
}: {
  label: string;
  minWidth: number;
  scrollLabel?: string;
  columns: Column[];
  children: ReactNode;
} & Omit<TableProps, 'children'> & { 'data-testid'?: string }) {
  return (
    <ScrollX minWidth={minWidth} label={scrollLabel}>
      <Table aria-label={label} striped {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) =>
              c === false ? null : typeof c === 'string' ? (
                <Table.Th key={i}>{c}</Table.Th>
              ) : (
                <Table.Th key={i} ta={c.ta} miw={c.miw}>
                  {c.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollX>
  );
}
