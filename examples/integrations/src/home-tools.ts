// The tools every integration example puts behind a gate: one input class per tool, from which come
// the JSON Schema the model reads and the binder the code reads.
import { GenericTool, SafetyLevel, ToolParam, Type, type ToolContext } from '@toolwright/core';
import { SchemaValidationMode, ToolGate } from '@toolwright/gate';

class SetLightInput {
  @ToolParam({ description: 'The room, e.g. kitchen', schema: Type.String({ minLength: 1 }) })
  room!: string;
  @ToolParam({ description: 'The new state', enum: ['on', 'off'] as const })
  state!: 'on' | 'off';
}

/** Switches a light; remembers the states it set. */
export class SetLightTool extends GenericTool<SetLightInput, string> {
  readonly lights = new Map<string, string>();

  constructor() {
    super({
      name: 'set_light',
      description: 'Switches the light of a room on or off',
      safety: SafetyLevel.WRITE,
      input: SetLightInput,
    });
  }

  protected doExecute(input: SetLightInput, _context: ToolContext): string {
    this.lights.set(input.room, input.state);
    return `The ${input.room} light is ${input.state}.`;
  }

  protected render(output: string): string {
    return output;
  }
}

class UnlockInput {
  @ToolParam({ description: 'The door to unlock', enum: ['front', 'garage'] as const })
  door!: 'front' | 'garage';
}

/** Unlocks a door: the gate puts every call to a person first (an `ask` rule). */
export class UnlockDoorTool extends GenericTool<UnlockInput, string> {
  unlocked: string[] = [];

  constructor() {
    super({
      name: 'unlock_door',
      description: 'Unlocks a door of the house',
      safety: SafetyLevel.WRITE,
      input: UnlockInput,
    });
  }

  protected doExecute(input: UnlockInput, _context: ToolContext): string {
    this.unlocked.push(input.door);
    return `The ${input.door} door is unlocked.`;
  }

  protected render(output: string): string {
    return output;
  }
}

/** The example's gate: lights allowed, doors asked, arguments validated strictly. */
export function homeGate(): { gate: ToolGate; light: SetLightTool; door: UnlockDoorTool } {
  const light = new SetLightTool();
  const door = new UnlockDoorTool();
  const gate = new ToolGate({
    tools: [light, door],
    permissions: { allow: ['set_light'], ask: ['unlock_door'] },
    schemaValidation: SchemaValidationMode.ENFORCE,
  });
  return { gate, light, door };
}
