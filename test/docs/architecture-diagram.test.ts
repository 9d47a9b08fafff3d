// ST-6: docs/architecture.svg is what scripts/architecture-diagram.mjs draws from the package.json
// files now, and docs/architecture.md shows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { readPackages, renderDiagram } from '../../scripts/architecture-diagram.mjs';

describe('the architecture diagram', () => {
  it('ST-6: the checked-in docs/architecture.svg is up to date (run `pnpm docs:diagram`)', () => {
    expect(readFileSync(repoPath('docs/architecture.svg'), 'utf8')).toBe(renderDiagram());
  });

  it('ST-6: it draws every public package and each of its workspace dependencies', () => {
    const listed = readPackages();
    expect(listed.map((entry) => entry.name)).toContain('@toolwright/ssh');
    expect(listed.map((entry) => entry.name)).not.toContain('@toolwright/test-support');
    const svg = renderDiagram();
    for (const entry of listed) expect(svg).toContain(`>${entry.name.replace('@toolwright/', '')}</text>`);
    expect(listed.find((entry) => entry.name === '@toolwright/redis')?.peers).toEqual(['@toolwright/gate']);
  });

  it('ST-6: the same input draws the same picture', () => {
    expect(renderDiagram()).toBe(renderDiagram());
  });

  it('ST-6: docs/architecture.md embeds the picture', () => {
    expect(readFileSync(repoPath('docs/architecture.md'), 'utf8')).toMatch(/!\[[^\]]+\]\(architecture\.svg\)/);
  });
});
