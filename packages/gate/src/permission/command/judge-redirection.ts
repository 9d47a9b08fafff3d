/**
 * The files a command's redirections open, judged by the file tools' rules (SPEC RU-2): `> x`,
 * `>> x`, `&> x` and `<> x` as a Write of `x`, `< x` as a Read, in every folder the shell may be in;
 * a few devices open nothing worth a rule, `/dev/tcp` and `/dev/udp` are network connections, and
 * a target the shell expands cannot be judged.
 */
import { homedir } from 'node:os';
import { posix } from 'node:path';
import { show } from './option-grammar.js';
import type { PlannedRedirection } from './parse-command.js';
import type { ShellWord } from './shell-words.js';

/** A rule as the judgement reads it: as written, and its pattern (absent for a bare `Name`). */
export interface CommandRule {
  readonly source: string;
  readonly pattern?: string;
}

/** How the file tools' rules judge a file a redirection opens. */
export interface FileVerdict<R extends CommandRule = CommandRule> {
  readonly decidedBy: 'deny' | 'ask' | 'allow' | 'default';
  readonly rule?: R;
  /** The decision's sentence, for a refusal. */
  readonly reason: string;
}

/** Files a redirection may open without a rule: they hold nothing and keep nothing. */
const HARMLESS_FILES = /^\/dev\/(?:null|stdin|stdout|stderr|fd\/[0-9]+)$/;
/** Files bash opens as network connections. */
const NETWORK_FILES = /^\/dev\/(?:tcp|udp)\//;

/** Text shown as a word in a sentence. */
export function plainWord(text: string): ShellWord {
  return { raw: text, text, expands: false, tilde: false, assignment: false };
}

const RANK = { allow: 0, ask: 1, default: 2, deny: 3 } as const;

/** A redirection's files, judged: the strictest verdict and its sentence, or why they cannot be judged. */
export interface JudgedFile<R extends CommandRule> {
  readonly access: 'read' | 'write';
  readonly verdict?: FileVerdict<R>;
  /** Why the file cannot be judged at all. */
  readonly refusal?: string;
  /** The sentence for the model when the file refuses the line. */
  readonly sentence?: string;
}

/** Judges the files one redirection may open (one per folder the command may run in). */
export function judgeRedirection<R extends CommandRule>(
  redirection: PlannedRedirection,
  cwd: string,
  judgeFile: (access: 'read' | 'write', path: string) => FileVerdict<R>,
  describe: string,
): JudgedFile<R> {
  const shown = show(plainWord(redirection.text));
  const access = redirection.access;
  const cannot = (why: string): JudgedFile<R> => ({
    access,
    refusal: `its redirection ${shown} ${why}`,
    sentence: `Permission denied: ${describe} cannot be allowed: its redirection ${shown} ${why}.`,
  });
  if (redirection.expands) return cannot('opens a file the shell expands, which the gate cannot tell');
  let target = redirection.target;
  if (target.startsWith('~')) {
    if (target !== '~' && !target.startsWith('~/'))
      return cannot("opens a file in another user's home, which the gate does not follow");
    target = posix.join(homedir(), target.slice(1));
  }
  if (target === '') return cannot('opens no file');
  const paths = target.startsWith('/')
    ? [posix.resolve(target)]
    : redirection.directories === undefined
      ? undefined
      : [...new Set(redirection.directories.map((folder) => posix.resolve(cwd, folder, target)))];
  if (paths === undefined)
    return cannot('opens a file relative to a folder an earlier command moved to in a way the gate does not follow');
  const verb = redirection.access === 'write' ? 'writes' : 'reads';
  const tool = redirection.access === 'write' ? 'Write' : 'Read';
  let allowed: (JudgedFile<R> & { readonly verdict: FileVerdict<R> }) | undefined;
  for (const path of paths) {
    if (HARMLESS_FILES.test(path)) continue;
    if (NETWORK_FILES.test(path))
      return cannot('opens a network connection (bash reads /dev/tcp and /dev/udp as sockets)');
    const verdict = judgeFile(redirection.access, path);
    const sentence =
      verdict.decidedBy === 'deny'
        ? `Permission denied: ${describe} ${verb} ${show(plainWord(path))} through its redirection ${shown}, which the deny rule ${verdict.rule!.source} forbids.`
        : `Permission denied: ${describe} ${verb} ${show(plainWord(path))} through its redirection ${shown}, and ${tool} of that file is not allowed: ${verdict.reason.replace(/^Permission denied: /, '')}`;
    if (verdict.decidedBy === 'deny') return { access, verdict, sentence };
    // The strictest of the files decides: a file no rule allows outweighs one an approver may allow.
    if (allowed === undefined || RANK[verdict.decidedBy] > RANK[allowed.verdict.decidedBy])
      allowed = { access, verdict, sentence };
  }
  return allowed ?? { access, verdict: { decidedBy: 'allow', reason: 'a harmless device' } };
}
