// The seccomp filter bubblewrap loads before the command (its `--seccomp` option takes the raw program).

/** The architectures a filter is written for here, by Node's `process.arch`: the audit arch and the syscall numbers. */
const ARCHITECTURES = {
  x64: { audit: 0xc000003e, socket: 41, foreignAbi: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, foreignAbi: undefined },
} as const;

// Classic BPF, as seccomp runs it: load a word of `struct seccomp_data`, compare, return a verdict.
const LOAD_WORD = 0x20;
const JUMP_IF_EQUAL = 0x15;
const JUMP_IF_AT_LEAST = 0x35;
const RETURN = 0x06;
const OFFSET_SYSCALL = 0;
const OFFSET_ARCH = 4;
const OFFSET_FIRST_ARGUMENT = 16; // its low 32 bits, on these little-endian machines
const ALLOW = 0x7fff0000;
const REFUSE = 0x00050000 | 1; // SECCOMP_RET_ERRNO with EPERM: "Operation not permitted"
const KILL_PROCESS = 0x80000000;
const AF_UNIX = 1;
// io_uring_setup, io_uring_enter, io_uring_register: the same numbers on every architecture.
// io_uring opens sockets and files without the system calls a filter sees, so it is refused whole.
const IO_URING = [425, 426, 427];

/** True when a filter can be built for this machine's architecture. */
export function seccompSupported(arch: string = process.arch): boolean {
  return arch in ARCHITECTURES;
}

/**
 * The filter, as the bytes of its `struct sock_filter` array: system calls of another ABI kill
 * the process (x32 calls are refused); io_uring is refused; and unless `allowUnixSockets`,
 * `socket(AF_UNIX, …)` is refused with EPERM, so no host Unix socket (ssh-agent, docker.sock,
 * D-Bus, X11) can be reached by path or by abstract name. Everything else is allowed: the
 * namespaces, the mounts and the dropped capabilities do the rest.
 */
export function seccompFilter(allowUnixSockets: boolean, arch: string = process.arch): Buffer {
  const target = ARCHITECTURES[arch as keyof typeof ARCHITECTURES];
  if (target === undefined) throw new Error(`No seccomp filter is written for the ${arch} architecture.`);
  const program = new Program();
  program.load(OFFSET_ARCH);
  program.jumpUnless(target.audit, 'kill');
  program.load(OFFSET_SYSCALL);
  if (target.foreignAbi !== undefined) program.jumpIfAtLeast(target.foreignAbi, 'refuse');
  for (const call of IO_URING) program.jumpIf(call, 'refuse');
  if (!allowUnixSockets) {
    program.jumpUnless(target.socket, 'allow');
    program.load(OFFSET_FIRST_ARGUMENT);
    program.jumpIf(AF_UNIX, 'refuse');
  }
  program.label('allow');
  program.return(ALLOW);
  program.label('refuse');
  program.return(REFUSE);
  program.label('kill');
  program.return(KILL_PROCESS);
  return program.bytes();
}

interface Instruction {
  readonly code: number;
  readonly value: number;
  /** Where a jump goes when the comparison holds, and when it does not: a label, or the next instruction. */
  readonly whenTrue?: string;
  readonly whenFalse?: string;
}

/** A BPF program written with labels; jumps are resolved to the relative offsets the kernel reads. */
class Program {
  readonly #instructions: Instruction[] = [];
  readonly #labels = new Map<string, number>();

  load(offset: number): void {
    this.#instructions.push({ code: LOAD_WORD, value: offset });
  }

  jumpIf(value: number, label: string): void {
    this.#instructions.push({ code: JUMP_IF_EQUAL, value, whenTrue: label });
  }

  jumpUnless(value: number, label: string): void {
    this.#instructions.push({ code: JUMP_IF_EQUAL, value, whenFalse: label });
  }

  jumpIfAtLeast(value: number, label: string): void {
    this.#instructions.push({ code: JUMP_IF_AT_LEAST, value, whenTrue: label });
  }

  return(verdict: number): void {
    this.#instructions.push({ code: RETURN, value: verdict });
  }

  label(name: string): void {
    this.#labels.set(name, this.#instructions.length);
  }

  bytes(): Buffer {
    const buffer = Buffer.alloc(this.#instructions.length * 8);
    this.#instructions.forEach((instruction, index) => {
      const offset = (label: string | undefined): number => {
        if (label === undefined) return 0;
        const target = this.#labels.get(label);
        if (target === undefined || target <= index || target - index - 1 > 255)
          throw new Error(`The seccomp program's jump to ${label} cannot be encoded.`);
        return target - index - 1;
      };
      buffer.writeUInt16LE(instruction.code, index * 8);
      buffer.writeUInt8(offset(instruction.whenTrue), index * 8 + 2);
      buffer.writeUInt8(offset(instruction.whenFalse), index * 8 + 3);
      buffer.writeUInt32LE(instruction.value >>> 0, index * 8 + 4);
    });
    return buffer;
  }
}
