/** An MCP server to start as a child process and talk to over stdio. */
export interface StdioServerTarget {
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Its environment. Default: the SDK's safe subset of ours (HOME, PATH, USER, …), never all of it. */
  readonly env?: Readonly<Record<string, string>>;
  /** Its working directory. */
  readonly cwd?: string;
  /** What becomes of its stderr. Default `inherit`. */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe';
}
