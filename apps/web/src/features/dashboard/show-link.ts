import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** Spec 002 §2.1 '/dashboard?podcast={id} opens a show in the manager': My Podcasts with that show's Edit Podcast. */
export function showLinkTarget(search: URLSearchParams): string | null {
  const id = search.get('podcast')?.trim();
  return id ? `/dashboard/podcasts?edit=${encodeURIComponent(id)}` : null;
}

/** On the dashboard, ?podcast={id} goes to that show in My Podcasts (the admin panel's show links use it). */
export function useShowLink(): void {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const target = showLinkTarget(search);
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
}
