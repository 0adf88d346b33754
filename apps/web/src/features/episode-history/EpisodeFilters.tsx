import { useState, type ReactNode } from 'react';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconLayoutList, IconSearch, IconSquares } from '@tabler/icons-react';
import { SORTS, STATUS_FILTERS, STATUS_LABELS, type TSort, type TStatusFilter, type TView } from './episode-list.ts';

const SORT_LABELS: Record<TSort, string> = { newest: 'Newest', oldest: 'Oldest', title: 'Title', status: 'Status', plays: 'Plays' };

/** The search, status filter, sort, view and page of Episode History; any change but the page's goes back to page 1. */
export function useEpisodeFilters() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TStatusFilter>('all');
  const [sort, setSort] = useState<TSort>('newest');
  const [view, setView] = useState<TView>('grid');
  const [page, setPage] = useState(1);
  const firstPageWith =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };
  return {
    search,
    status,
    sort,
    view,
    page,
    setPage,
    setSearch: firstPageWith(setSearch),
    setStatus: firstPageWith(setStatus),
    setSort: firstPageWith(setSort),
    setView: firstPageWith(setView),
  };
}

export type EpisodeFiltersState = ReturnType<typeof useEpisodeFilters>;

function ViewLabel({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <span>{label}</span>
    </Group>
  );
}

const VIEWS = [
  { value: 'grid', label: <ViewLabel icon={<IconLayoutGrid size={16} />} label="Grid" /> },
  { value: 'mosaic', label: <ViewLabel icon={<IconSquares size={16} />} label="Mosaic" /> },
  { value: 'list', label: <ViewLabel icon={<IconLayoutList size={16} />} label="List" /> },
];

/** Search, status, sort and the Grid / Mosaic / List switch above the episodes. */
export function EpisodeFilters({ filters }: { filters: EpisodeFiltersState }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Search episodes"
        aria-label="Search"
        value={filters.search}
        onChange={(e) => filters.setSearch(e.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        aria-label="Status"
        data={STATUS_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All statuses' : STATUS_LABELS[s] }))}
        value={filters.status}
        onChange={(v) => filters.setStatus((v ?? 'all') as TStatusFilter)}
        allowDeselect={false}
        w={160}
      />
      <Select
        aria-label="Sort"
        data={SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        value={filters.sort}
        onChange={(v) => filters.setSort((v ?? 'newest') as TSort)}
        allowDeselect={false}
        w={130}
      />
      <SegmentedControl aria-label="View" value={filters.view} onChange={(v) => filters.setView(v as TView)} data={VIEWS} />
    </Group>
  );
}
