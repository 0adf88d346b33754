import type { ReactNode } from 'react';
import { Alert, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import type { AdminSearchPages } from './use-admin-pages.ts';

export type AdminSearchListProps<T> = {
  pages: AdminSearchPages;
  result: { isError: boolean; data?: { total: number; items: T[] } | undefined };
  search: { label: string; placeholder: string; icon?: ReactNode };
  /** What the list counts, one and many ('show', 'shows'). */
  nouns: readonly [string, string];
  failed: string;
  loadingLabel: string;
  totalTestId: string;
  pagesLabel: string;
  children: (items: T[]) => ReactNode;
};

/** A search box, then the list's total, its table and its pages (or the load failure, or a loader). */
export function AdminSearchList<T>({
  pages,
  result,
  search,
  nouns,
  failed,
  loadingLabel,
  totalTestId,
  pagesLabel,
  children,
}: AdminSearchListProps<T>) {
  const count = pages.pagesFor(result.data?.total);
  return (
    <Stack gap="md">
      <TextInput
        label={search.label}
        placeholder={search.placeholder}
        leftSection={search.icon}
        value={pages.text}
        onChange={(e) => pages.search(e.currentTarget.value)}
        maw={420}
      />
      {result.isError ? (
        <Alert color="red">{failed}</Alert>
      ) : !result.data ? (
        <Loader aria-label={loadingLabel} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid={totalTestId}>
            {result.data.total} {result.data.total === 1 ? nouns[0] : nouns[1]}
          </Text>
          {children(result.data.items)}
          {count > 1 && <Pagination total={count} value={pages.page} onChange={pages.setPage} aria-label={pagesLabel} />}
        </>
      )}
    </Stack>
  );
}
