import { findSystemTools } from '@ppp/audio';

/** Says which outside programs were found, and what to install where one is missing. */
export function reportSystemTools(log: (msg: string) => void): void {
  const tools = findSystemTools();
  const missing = tools.filter((t) => !t.path);
  log(`tools: ${tools.map((t) => `${t.name} ${t.path ? 'found' : 'missing'}`).join(', ')}`);
  if (missing.length) {
    log(`install for full features: apt-get install ${missing.map((t) => t.debianPackage).join(' ')}`);
  }
}
