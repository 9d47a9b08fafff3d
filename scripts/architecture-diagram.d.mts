// Types of scripts/architecture-diagram.mjs, for the test that checks docs/architecture.svg.

/** A public package and the workspace packages it depends on. */
export interface DiagramPackage {
  readonly folder: string;
  readonly name: string;
  /** Workspace packages in `dependencies`. */
  readonly dependencies: string[];
  /** Workspace packages in `peerDependencies` only. */
  readonly peers: string[];
}

/** Where the diagram is written. */
export const DIAGRAM_PATH: string;

/** The public packages under `root/packages`, with their workspace dependencies. */
export function readPackages(root?: string): DiagramPackage[];

/** The whole diagram, as the text of an SVG file. */
export function renderDiagram(root?: string): string;
