// Each integration of @toolwright/integrations sits behind its own subpath, so importing one never
// loads another framework, and the package root loads none (the frameworks are optional peers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath, requireBuilt } from '@toolwright/test-support/paths';

/** The agent frameworks, by the package names (or scopes, ending in `/`) that belong to each. */
const FRAMEWORKS: Readonly<Record<string, readonly string[]>> = {
  'ai-sdk': ['ai', '@ai-sdk/'],
  'openai-agents': ['@openai/', 'openai'],
  langchain: ['langchain', '@langchain/'],
  mastra: ['@mastra/'],
  'claude-agent-sdk': ['@anthropic-ai/claude-agent-sdk'],
  mcp: ['@modelcontextprotocol/client', '@modelcontextprotocol/server', '@modelcontextprotocol/core'],
};

const logFolder = mkdtempSync(join(tmpdir(), 'toolwright-loaded-modules-'));
afterAll(() => rmSync(logFolder, { recursive: true, force: true }));

/** The third-party packages Node resolved while importing a built entry (in a fresh process), sorted. */
function packagesLoadedBy(path: string): string[] {
  const entry = requireBuilt(path);
  const log = join(logFolder, `${relative(repoPath(''), entry).replaceAll('/', '_')}.log`);
  const hooks = pathToFileURL(repoPath('test/architecture/record-resolved-modules.mjs')).href;
  const script = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}); await import(${JSON.stringify(pathToFileURL(entry).href)});`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, TOOLWRIGHT_LOADED_MODULES: log },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  let urls: string[];
  try {
    urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    urls = [];
  }
  const packages = urls.flatMap((url) => {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(url);
    return match?.[1] === undefined || match[1] === '.pnpm' ? [] : [match[1]];
  });
  return [...new Set(packages)].sort();
}

/**
 * The packages `@openai/agents-core` brings, directly or through its dependencies (optional ones
 * included, as installed for the integrations): what the Agents SDK loads is the Agents SDK's.
 */
function agentsCoreDependencies(): string[] {
  const fromIntegrations = createRequire(repoPath('packages/integrations/package.json'));
  const found = new Set<string>();
  const visit = (name: string, from: NodeJS.Require): void => {
    let folder: string;
    try {
      const entry = from.resolve(name);
      const marker = `/node_modules/${name}/`;
      folder = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
    } catch {
      return; // an optional dependency that is not installed
    }
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const next = createRequire(join(folder, 'package.json'));
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      if (found.has(dependency)) continue;
      found.add(dependency);
      visit(dependency, next);
    }
  };
  visit('@openai/agents-core', createRequire(fromIntegrations.resolve('@openai/agents')));
  return [...found];
}

/** The frameworks the packages belong to, sorted. */
function frameworksOf(packages: readonly string[]): string[] {
  return Object.entries(FRAMEWORKS)
    .filter(([, names]) =>
      packages.some((name) => names.some((owned) => (owned.endsWith('/') ? name.startsWith(owned) : name === owned))),
    )
    .map(([framework]) => framework)
    .sort();
}

describe('framework isolation (@toolwright/integrations)', () => {
  it('IN-1: loading the ai-sdk subpath loads the AI SDK and no other framework', () => {
    const packages = packagesLoadedBy('packages/integrations/dist/ai-sdk/index.js');
    // The probe sees what the entry really loads: the AI SDK, and core's TypeBox (toolwright's own
    // packages resolve to their folders in the workspace, outside node_modules).
    expect(packages).toEqual(expect.arrayContaining(['ai', '@ai-sdk/provider-utils', 'typebox']));
    expect(frameworksOf(packages)).toEqual(['ai-sdk']);
  });

  it('IN-2: loading the openai-agents subpath loads the Agents SDK and no other framework', () => {
    const packages = packagesLoadedBy('packages/integrations/dist/openai-agents/index.js');
    expect(packages).toEqual(expect.arrayContaining(['@openai/agents', '@openai/agents-core']));
    // The Agents SDK brings its own MCP client (an optional dependency of agents-core): that is the
    // Agents SDK loading its part, not this subpath loading the MCP framework.
    const own = agentsCoreDependencies();
    expect(own).toContain('@modelcontextprotocol/client');
    expect(frameworksOf(packages.filter((name) => !own.includes(name)))).toEqual(['openai-agents']);
  });

  it('IN-3: loading the langchain subpath loads LangChain core only: no LangGraph, no other framework', () => {
    const packages = packagesLoadedBy('packages/integrations/dist/langchain/index.js');
    expect(packages).toEqual(expect.arrayContaining(['@langchain/core']));
    expect(packages.filter((name) => name.startsWith('@langchain/'))).toEqual(['@langchain/core']);
    expect(frameworksOf(packages)).toEqual(['langchain']);
  });

  it('FW-3: the claude-agent-sdk subpath loads none of the Claude Agent SDK (only its types are used), and the MCP server only', () => {
    const packages = packagesLoadedBy('packages/integrations/dist/claude-agent-sdk/index.js');
    expect(packages).toEqual(expect.arrayContaining(['@modelcontextprotocol/server']));
    expect(frameworksOf(packages)).toEqual(['mcp']);
  });

  it('FW-4: loading the mastra subpath loads Mastra (its core and schema layer) and no other framework', () => {
    const packages = packagesLoadedBy('packages/integrations/dist/mastra/index.js');
    expect(packages).toEqual(expect.arrayContaining(['@mastra/core', '@mastra/schema-compat']));
    expect(frameworksOf(packages)).toEqual(['mastra']);
  });

  it('IN-5: the gate loads no OpenTelemetry package: a tracer is passed in, never imported', () => {
    const packages = packagesLoadedBy('packages/gate/dist/index.js');
    expect(packages.filter((name) => name.startsWith('@opentelemetry/'))).toEqual([]);
    expect(frameworksOf(packages)).toEqual([]);
  });

  it('IN-1: loading the package root loads no framework (no third-party package at all)', () => {
    expect(packagesLoadedBy('packages/integrations/dist/index.js')).toEqual([]);
  });

  it('the probe recognises another framework where one is loaded (the MCP package loads the MCP SDK)', () => {
    expect(frameworksOf(packagesLoadedBy('packages/mcp/dist/index.js'))).toEqual(['mcp']);
  });
});
