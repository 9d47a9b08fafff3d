import { readdirSync, readFileSync } from 'node:fs';

/** The live processes whose command line holds `token` (zombies, already dead, are not counted). */
export function processesHolding(token: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (commandLine.includes(token) && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z')
        found.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}
