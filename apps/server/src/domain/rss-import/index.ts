export { RssImportService, type RssImportDeps } from './rss-import.service.ts';
export { importStatusOf, toImportResult } from './import-status.ts';
export { promoteIfServedHere } from './mirror-runner.ts';
export { spreakerShowIdFromUrl, spreakerEpisodeGuid } from './spreaker-link.ts';
