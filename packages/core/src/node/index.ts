// The Node-only API of @toolwright/core (`@toolwright/core/node`): what needs the file system.
// The package's root entry stays free of Node built-ins; the gate and the file tools share this.
export {
  isInside,
  isPathProblem,
  MAX_NAME_BYTES,
  MAX_PATH_BYTES,
  MAX_PATH_SEGMENTS,
  MAX_SYMBOLIC_LINKS,
  resolvePath,
  type PathProblem,
  type ResolvedPath,
} from './resolve-path.js';
export { findSecretRule, isSecretPath, NOT_SECRET, SECRET_PATH_RULES, type SecretPathRule } from './secret-paths.js';
