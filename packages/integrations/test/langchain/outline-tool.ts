// A tool whose input schema is recursive (a section holds sections), built the way tool authors build one.
import { GenericTool, Nested, SafetyLevel, ToolParam, Type, type ToolContext } from '@toolwright/core';

/** One section of an outline; its subsections are sections again. */
export class Section {
  @ToolParam({ description: 'Title of the section', schema: Type.String() })
  title!: string;

  @ToolParam({ description: 'Subsections', schema: Type.Array(Nested(() => Section)), optional: true })
  sections?: Section[];
}

/** The input of `write_outline`. */
export class OutlineInput {
  @ToolParam({ description: 'The outline to write', schema: Nested(() => Section) })
  outline!: Section;
}

/** A READ_ONLY tool that writes an outline as indented lines; records the outlines it was given. */
export class OutlineTool extends GenericTool<OutlineInput, string[]> {
  readonly calls: Section[] = [];

  constructor() {
    super({
      name: 'write_outline',
      description: 'Writes an outline of nested sections as indented lines',
      safety: SafetyLevel.READ_ONLY,
      input: OutlineInput,
    });
  }

  protected doExecute(input: OutlineInput, _context: ToolContext): string[] {
    this.calls.push(input.outline);
    return lines(input.outline, 0);
  }

  protected render(output: string[]): string {
    return output.join('\n');
  }
}

function lines(section: Section, depth: number): string[] {
  return [
    `${'  '.repeat(depth)}${section.title}`,
    ...(section.sections ?? []).flatMap((inner) => lines(inner, depth + 1)),
  ];
}
