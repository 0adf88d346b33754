import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** The page an admin list shows, `size` rows a page: the query's limit and offset, and how many pages a total makes. */
export function useAdminPages(size: number) {
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    limit: size,
    offset: (page - 1) * size,
    pagesFor: (total: number | undefined) => Math.max(1, Math.ceil((total ?? 0) / size)),
  };
}

/** A paged admin list filtered by a search box: typing goes back to page 1, the query sees the text trimmed, 300 ms after the last key. */
export function useAdminSearchPages(size: number) {
  const pages = useAdminPages(size);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  function search(next: string) {
    setText(next);
    pages.setPage(1);
  }
  return { ...pages, text, search, query: debounced || undefined };
}

export type AdminSearchPages = ReturnType<typeof useAdminSearchPages>;
