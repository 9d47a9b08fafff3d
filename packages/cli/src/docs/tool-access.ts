import { ToolInput, type Tool } from '@toolwright/core';
import { isPlainObject } from '@toolwright/core/internal';
import { runOptionNeed } from '../plugin/run-option-need.js';

/** The input field a tool's permission patterns are matched against (SPEC PM-2). */
export interface SubjectField {
  /** How patterns match it: a glob over a path, or a command prefix. */
  readonly kind: 'PATH' | 'COMMAND';
  /** The wire name of the field. */
  readonly parameter: string;
}

/**
 * The field a tool's subject comes from, found by asking the tool itself: each top-level
 * parameter in turn is given a marker value, and the one whose marker comes back as the subject
 * is it. Works for any tool that exposes `permissionSubject`, whoever wrote it; `undefined` when
 * the tool exposes no subject (or one no single parameter gives).
 */
export function subjectField(tool: Tool): SubjectField | undefined {
  const subjectOf = tool.permissionSubject?.bind(tool);
  if (subjectOf === undefined) return undefined;
  const properties = isPlainObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  for (const parameter of Object.keys(properties)) {
    const marker = `\u0000subject-of-${parameter}`;
    try {
      const subject = subjectOf(ToolInput.of({ [parameter]: marker }));
      if (subject?.value === marker && (subject.kind === 'PATH' || subject.kind === 'COMMAND'))
        return { kind: subject.kind, parameter };
    } catch {
      // A tool that cannot judge this input names no field here.
    }
  }
  return undefined;
}

/** The lines of a tool's reference that say what a host must do to let it run, and how rules match it. */
export function describeAccess(tool: Tool): string[] {
  const lines: string[] = [];
  const need = runOptionNeed(tool);
  if (need !== undefined)
    lines.push(
      `**Needs:** the run option \`${need.option}: true\` (\`${need.flag}\` for \`toolwright call\` and \`serve\`); without it the tool is neither offered nor run.`,
      '',
    );
  lines.push(`**Permission rules:** ${describeSubject(tool)}`);
  return lines;
}

function describeSubject(tool: Tool): string {
  const field = subjectField(tool);
  const aliases = tool.permissionAliases ?? [];
  const also =
    aliases.length === 0 ? '' : ` Rules for ${aliases.map((alias) => `\`${alias}(...)\``).join(', ')} apply too.`;
  const every = `\`${tool.name}\` allows every call`;
  if (field === undefined && tool.matchesPermissionPattern !== undefined)
    return `${every}; the tool judges a pattern rule (\`${tool.name}(...)\`) itself.${also}`;
  if (field === undefined)
    return `${every}. It exposes no subject, so a pattern rule (\`${tool.name}(...)\`) denies every call.${also}`;
  if (field.kind === 'PATH')
    return `${every}; \`${tool.name}(/srv/project/**)\` only calls whose \`${field.parameter}\` matches (made absolute and normalised, symlinks resolved). Without any rules, its paths are confined to the working directory.${also}`;
  return `${every}; \`${tool.name}(git status)\` only that command in \`${field.parameter}\`, \`${tool.name}(git:*)\` git and its subcommands.${also}`;
}
