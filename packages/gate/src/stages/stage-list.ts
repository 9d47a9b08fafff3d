import { argumentErrors } from './arguments.js';
import { audit } from './audit.js';
import { execution } from './execution.js';
import { limits } from './limits.js';
import { lookup } from './lookup.js';
import { outputCheck } from './output-check.js';
import { outputLimit } from './output-limit.js';
import { permission } from './permission.js';
import { policiesAfter } from './policies-after.js';
import { policiesBefore } from './policies-before.js';
import type { GateStage } from './stage.js';
import { validation } from './validation.js';

/**
 * The gate's stages in SPEC §2's order, each in its own file. A refusal ends the call at its stage
 * and goes straight to the output limit; an allowed call passes every stage. Shared by every call:
 * nothing here is made per call.
 */
export const GATE_STAGES = Object.freeze([
  lookup,
  argumentErrors,
  limits,
  policiesBefore,
  permission,
  validation,
  execution,
  policiesAfter,
  outputCheck,
  outputLimit,
  audit,
] as const satisfies readonly GateStage[]);

/** Where `judge` stops: the stages up to and including the permission verdict. */
export const UNTIL_PERMISSION = GATE_STAGES.indexOf(permission) + 1;

/** Where `authorize` stops: every stage before the execution, schema validation included. */
export const UNTIL_EXECUTION = GATE_STAGES.indexOf(execution);

/** Where a refusal goes: the output limit, which every answer passes. */
export const OUTPUT_LIMIT = GATE_STAGES.indexOf(outputLimit);
