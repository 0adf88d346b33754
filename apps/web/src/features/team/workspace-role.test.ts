import { describe, expect, it } from 'vitest';
import { WORKSPACE_ACTIONS, type TWorkspaceAction, type TWorkspaceRole } from '@ppp/contracts';
import { canAct, workspaceRole } from './workspace-role.ts';
import { dayLabel, seatsLabel, showsLabel, subjectLabel } from './team-format.ts';

const allowed = (role: TWorkspaceRole | null, readOnly = false) =>
  WORKSPACE_ACTIONS.filter((a: TWorkspaceAction) => canAct(role, readOnly, a));

describe('useCan: what the screens offer by role (issue 34)', () => {
  it('offers a viewer reading only, an editor no managing, the owner and admins everything', () => {
    expect(allowed('viewer')).toEqual(['read']);
    expect(allowed('editor')).toEqual(['read', 'edit']);
    expect(allowed('admin')).toEqual(['read', 'edit', 'manage']);
    expect(allowed('owner')).toEqual(['read', 'edit', 'manage']);
  });

  it('offers only reading during the read-only grace period, and nothing while the role is unknown', () => {
    expect(allowed('admin', true)).toEqual(['read']);
    expect(allowed('editor', true)).toEqual(['read']);
    expect(allowed(null)).toEqual([]);
  });

  it("knows one's own workspace before the list arrives, not another's", () => {
    expect(workspaceRole(undefined, null)).toBe('owner');
    expect(workspaceRole(undefined, 'someone-else')).toBeNull();
    expect(workspaceRole({ role: 'viewer' }, 'someone-else')).toBe('viewer');
  });
});

describe('the Team page wording', () => {
  it('names shows, seats and dates', () => {
    const names = new Map([['a', 'Speech Weekly']]);
    expect(showsLabel(null, names)).toBe('All shows');
    expect(showsLabel([], names)).toBe('All shows');
    expect(showsLabel(['a', 'gone'], names)).toBe('Speech Weekly, A removed show');
    expect(seatsLabel(2, 10)).toBe('2 of 10 seats used');
    expect(seatsLabel(1, 1)).toBe('1 of 1 seat used');
    expect(dayLabel(null)).toBe('Never');
    expect(subjectLabel('a', names)).toBe('Speech Weekly');
    expect(subjectLabel('b7036ee7-b72d-42d2-b7a1-21a705ef0c31', names)).toBe('b7036ee7…');
    expect(subjectLabel(null, names)).toBe('—');
    expect(dayLabel(new Date(Date.UTC(2026, 11, 7, 12)), 'en-GB')).toBe('7 Dec 2026');
  });
});
