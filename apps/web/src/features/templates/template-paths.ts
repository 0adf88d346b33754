/** Where the templates list and the editor live in the workspace. */
export const TEMPLATES_PATH = '/dashboard/templates';

export function editorPath(id: string | 'new'): string {
  return `${TEMPLATES_PATH}/${id}`;
}

/** 'new' or the template id of /dashboard/templates/{id}; null for any other path. */
export function templateIdFromPath(path: string): string | null {
  const match = /^\/dashboard\/templates\/([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
