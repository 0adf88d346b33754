/** How the Team page names a member's or an invitation's shows: every show, or the chosen ones by name. */
export function showsLabel(podcastIds: readonly string[] | null, names: ReadonlyMap<string, string>): string {
  if (!podcastIds || podcastIds.length === 0) return 'All shows';
  return podcastIds.map((id) => names.get(id) ?? 'A removed show').join(', ');
}

/** A date as the Team page shows it (day, month, year), or 'Never' for someone who has not been active. */
export function dayLabel(date: Date | null, locale?: string): string {
  return date ? date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }) : 'Never';
}

/** 'N of M seats used' (members and pending invitations; the owner takes none). */
export function seatsLabel(used: number, seats: number): string {
  return `${used} of ${seats} ${seats === 1 ? 'seat' : 'seats'} used`;
}

/** What a member's change named: a show by its name, another item by the start of its id, nothing as a dash. */
export function subjectLabel(subject: string | null, showNames: ReadonlyMap<string, string>): string {
  if (!subject) return '—';
  return showNames.get(subject) ?? `${subject.slice(0, 8)}…`;
}
