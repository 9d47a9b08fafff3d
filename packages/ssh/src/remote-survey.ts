// What a sandboxed command's policy needs to know about its host, gathered there in one script
// before each command (paths change between commands): the canonical path of every path the
// policy names, and the folders the secret search reads. The policy is then resolved here by the
// same code as on this machine (resolveSandboxPolicy), reading the survey instead of a disk.
import type { SandboxPolicy } from '@toolwright/shell';
import {
  HOME_SECRET_FOLDERS,
  SECRET_PATTERNS,
  SECRET_SEARCH_DEPTH,
  SECRET_SEARCH_ENTRIES,
  searchStopped,
  STARTUP_FILES,
  type FolderEntry,
  type PolicyHost,
} from '@toolwright/shell/internal';
import { ShellStartError } from '@toolwright/shell';
import { posix } from 'node:path';
import { shellQuote } from './remote-supervisor.js';

/** What one survey is asked. */
export interface SurveyRequest {
  /** The command's working directory, or undefined for the login directory. */
  readonly cwd: string | undefined;
  readonly policy: SandboxPolicy | undefined;
  /** The shell's folder on the host (its listing is kept there while the survey runs). */
  readonly folder: string;
  readonly privateTmp: string;
  readonly home: string;
}

// The files a secret rule could name, as one find test (case-insensitive, as the rules are): a
// superset of what findSecretRule says, which decides. Rules of a folder (`.ssh/**`) need none:
// every folder is listed. Other files are counted, not listed.
const SAFE_PATTERN = /^[A-Za-z0-9._*/-]+$/;
const CANDIDATE = SECRET_PATTERNS.every((pattern) => SAFE_PATTERN.test(pattern))
  ? `-regextype posix-extended -iregex ${shellQuote(
      `.*/(${SECRET_PATTERNS.filter((pattern) => !pattern.endsWith('/**'))
        .map((pattern) => pattern.replaceAll('.', '\\.').replaceAll('*', '[^/]*'))
        .join('|')})`,
    )}`
  : '-true';

// An entry in one field: E, its type (find's %y), for a link also its target's type (%Y: N when
// it dangles, L for a loop), and its path.
const ENTRY = `\\( -type l -printf 'El%Y%p\\0' \\) -o -printf 'E%y%p\\0'`;

// q PATH…: for each, `Q path real d|f` when it exists (through links), `L path` when only a
// (dangling) link is there, nothing when it is absent — one readlink for all, tests built in.
const QUERY = `q() { [ $# -gt 0 ] || return 0; local paths=("$@") reals i p; mapfile -d '' reals < <(readlink -z -m -- "$@"); for i in "\${!paths[@]}"; do p=\${paths[i]}; if [ -d "$p" ]; then printf 'Q\\0%s\\0%s\\0d\\0' "$p" "\${reals[i]}"; elif [ -e "$p" ]; then printf 'Q\\0%s\\0%s\\0f\\0' "$p" "\${reals[i]}"; elif [ -L "$p" ]; then printf 'L\\0%s\\0' "$p"; fi; done; }`;

/**
 * The survey script (bash, GNU findutils, grep, sed and coreutils). It prints NUL-separated
 * records: `C` and the working directory, canonical; a `Q` or `L` record (see `q`) for every path
 * the policy names (under /tmp, also for its place in the private /tmp), for the login scripts of
 * the writable folders and the home folder, and for `hooks` and `config` of every `.git` folder
 * listed; an `E` record (see ENTRY) for every entry of the home folder and its secret places, and
 * of the writable folders and the working directory to the search's depth (`node_modules` and
 * `.git` listed, not entered; of the files only those a secret rule could name); `H` and `F` after
 * each of the two listings, when it was not cut at the search's budget; a `T` record (T and the
 * canonical target, in one field) for each link listed, in their order; `Z` last.
 */
export function surveyScript(request: SurveyRequest): string {
  const list = (paths: readonly string[]): string => paths.map((path) => shellQuote(posix.resolve(path))).join(' ');
  const policy = request.policy;
  const homePlaces = HOME_SECRET_FOLDERS.map((folder) => shellQuote(`${request.home}/${folder}`)).join(' ');
  return [
    'set +m',
    QUERY,
    'export -f q',
    `tmp=${shellQuote(request.privateTmp)} home=${shellQuote(request.home)}`,
    request.cwd === undefined ? 'cwd=$(pwd -P)' : `cwd=${shellQuote(posix.resolve(request.cwd))}`,
    `printf 'C\\0%s\\0' "$cwd"`,
    // Each path, and where the private /tmp holds it.
    'each() { local p all=(); for p; do all+=("$p"); case $p in /tmp|/tmp/*) all+=("$tmp${p#/tmp}");; esac; done; q "${all[@]}"; }',
    'roots=(); rooted() { local p r; for p; do r=$(realpath -e -- "$p" 2>/dev/null) && roots+=("$r"); case $p in /tmp|/tmp/*) r=$(realpath -e -- "$tmp${p#/tmp}" 2>/dev/null) && roots+=("$r");; esac; done; }',
    policy?.writable === undefined ? 'writable=("$cwd")' : `writable=(${list(policy.writable)})`,
    `each "$cwd" "\${writable[@]}" ${list([...(policy?.readOnly ?? []), ...(policy?.readDenied ?? [])])}`,
    'rooted "$cwd" "${writable[@]}"',
    `startup=(); for folder in "\${roots[@]}" "$home"; do for name in ${STARTUP_FILES.map(shellQuote).join(' ')}; do startup+=("$folder/$name"); done; done; q "\${startup[@]}"`,
    `listing=$(mktemp ${shellQuote(`${request.folder}/survey-XXXXXXXXXX`)}) || exit 95`,
    // The home folder's own entries and its secret places first: never cut by a large workspace.
    `{ find -P "$home" ${homePlaces} -mindepth 1 -maxdepth 1 ${ENTRY} 2>/dev/null; printf 'H\\0'; } | head -z -n ${SECRET_SEARCH_ENTRIES + 1} > "$listing"`,
    // Each entry is one field (an `x` for a file no rule could name): the budget is head's.
    'declare -A seen; searched=(); for root in "${roots[@]}"; do [ -n "${seen[$root]:-}" ] || searched+=("$root"); seen[$root]=1; done',
    `{ [ \${#searched[@]} -eq 0 ] || find -P "\${searched[@]}" -maxdepth ${SECRET_SEARCH_DEPTH + 1} \\( -type d \\( -name node_modules -o -name .git \\) -printf 'Ed%p\\0' -prune \\) -o -type d -printf 'Ed%p\\0' -o -type l -printf 'El%Y%p\\0' -o ${CANDIDATE} -printf 'E%y%p\\0' -o -printf 'x\\0' 2>/dev/null; printf 'F\\0'; } | head -z -n ${SECRET_SEARCH_ENTRIES + 1} | sed -z '/^x$/d' >> "$listing"`,
    'cat -- "$listing"',
    // Each link's canonical target, in the order of the listing's links (readlink -m prints one line for every path).
    `grep -z '^El' -- "$listing" | sed -z 's/^El.//' | xargs -0 -r readlink -z -m -- | sed -z 's/^/T/'`,
    `grep -z '^Ed.*/\\.git$' -- "$listing" | sed -z 's/^Ed//' | xargs -0 -r bash --noprofile --norc -c 'all=(); for p; do all+=("$p/hooks" "$p/config"); done; q "\${all[@]}"' toolwright-survey`,
    'rm -f -- "$listing"',
    `printf 'Z\\0'`,
  ].join('\n');
}

/** The survey, read: the working directory it found, and the host it describes for resolveSandboxPolicy. */
export interface Survey {
  readonly cwd: string;
  readonly host: PolicyHost;
  /** The folders resolveSandboxPolicy asked to make (missing `.git/hooks`): made by the command's script before the sandbox. */
  made(): string[];
}

const KINDS: Readonly<Record<string, FolderEntry['kind']>> = { d: 'folder', f: 'file', l: 'link' };

/**
 * Reads what {@link surveyScript} printed. A survey that did not reach its end (`Z`) is refused
 * with a ShellStartError: a path it never reported could be a secret, and nothing unseen is taken
 * for absent. The host answers for paths as the path authority would (normalised first).
 */
export function readSurvey(output: string, home: string): Survey {
  const fields = output.split('\0');
  const resolved = new Map<string, { readonly path: string; readonly folder: boolean } | undefined>();
  const folders = new Map<string, FolderEntry[]>();
  const listed = new Set<string>();
  const folderReals = new Set<string>();
  const links: { readonly path: string; readonly type: string }[] = [];
  let targets = 0;
  const listings = new Set<string>();
  let cwd: string | undefined;
  let complete = false;
  for (let index = 0; index < fields.length && !complete;) {
    const tag = fields[index] as string;
    const rest = fields.length - index - 1;
    if (tag === 'C' && rest >= 1) {
      cwd = fields[index + 1];
      index += 2;
    } else if (tag === 'Q' && rest >= 3) {
      const [path, real, type] = fields.slice(index + 1, index + 4) as [string, string, string];
      resolved.set(path, { path: real, folder: type === 'd' });
      if (type === 'd') folderReals.add(real);
      index += 4;
    } else if (tag === 'L' && rest >= 1) {
      resolved.set(fields[index + 1] as string, undefined);
      index += 2;
    } else if (tag === 'Z') {
      complete = true;
    } else if (tag === 'H' || tag === 'F') {
      index += 1;
      listings.add(tag);
    } else if (tag.startsWith('T')) {
      index += 1;
      const link = links[targets++];
      if (link !== undefined && link.type !== 'N' && link.type !== 'L')
        resolved.set(link.path, { path: tag.slice(1), folder: link.type === 'd' });
    } else if (tag.startsWith('E') && tag.length >= 3) {
      index += 1;
      const isLink = tag.charAt(1) === 'l';
      const path = tag.slice(isLink ? 3 : 2);
      if (isLink) links.push({ path, type: tag.charAt(2) });
      const cut = path.lastIndexOf('/');
      if (cut < 0 || cut === path.length - 1 || listed.has(path)) continue;
      listed.add(path);
      const folder = cut === 0 ? '/' : path.slice(0, cut);
      const entries = folders.get(folder) ?? [];
      entries.push({ name: path.slice(cut + 1), kind: KINDS[tag.charAt(1)] ?? 'other' });
      folders.set(folder, entries);
    } else break;
  }
  if (!complete || cwd === undefined || cwd === '')
    throw new ShellStartError('The command could not start: its sandbox could not survey the host.');
  // A listing cut at the budget: what it left out could be a secret.
  if (!listings.has('H')) throw searchStopped(home, 'entries');
  if (!listings.has('F')) throw searchStopped(cwd, 'entries');
  const made = new Set<string>();
  const host: PolicyHost = {
    folders: {
      readFolder: (folder) => Promise.resolve(folders.get(folder) ?? []),
      realTarget: (path) => Promise.resolve(resolved.get(path)),
    },
    realPath: (path) => (made.has(posix.resolve(path)) ? posix.resolve(path) : resolved.get(posix.resolve(path))?.path),
    exists: (path) => resolved.has(posix.resolve(path)),
    isFolder: (realPath) => folderReals.has(realPath) || made.has(realPath),
    makeFolder: (path) => made.add(posix.resolve(path)),
    expand: (path) => Promise.resolve([path]),
  };
  return { cwd, host, made: () => [...made] };
}
