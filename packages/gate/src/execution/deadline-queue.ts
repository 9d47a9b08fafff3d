/** Something that must happen at a deadline unless it is withdrawn first. */
export interface Expiring {
  /** Called once, when the deadline has passed. */
  expire(): void;
}

/** One pending deadline in a {@link DeadlineQueue}. */
export class Deadline {
  prev: Deadline | undefined;
  next: Deadline | undefined;
  constructor(
    readonly at: number,
    readonly target: Expiring,
    readonly lane: Lane,
  ) {}
}

/** The deadlines of one delay, in the order they fall due (they were set in that order). */
class Lane {
  head: Deadline | undefined;
  tail: Deadline | undefined;
}

/**
 * Many deadlines on one timer (SPEC PO-4): calls with the same limit fall due in the order they
 * started, so each limit keeps a list, and a single `setTimeout` is armed for the earliest
 * deadline of all. Adding and withdrawing a deadline costs no timer of its own. The timer keeps
 * the process alive only while a deadline is pending.
 */
export class DeadlineQueue {
  readonly #lanes = new Map<number, Lane>();
  #pending = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #armedAt = Infinity;

  /** Calls `target.expire()` once `delayMs` have passed, unless {@link withdraw} comes first. */
  add(delayMs: number, target: Expiring): Deadline {
    let lane = this.#lanes.get(delayMs);
    if (lane === undefined) {
      lane = new Lane();
      this.#lanes.set(delayMs, lane);
    }
    const deadline = new Deadline(performance.now() + delayMs, target, lane);
    if (lane.tail === undefined) lane.head = deadline;
    else {
      lane.tail.next = deadline;
      deadline.prev = lane.tail;
    }
    lane.tail = deadline;
    if (this.#pending++ === 0) this.#timer?.ref();
    if (deadline.at < this.#armedAt) this.#arm(deadline.at);
    return deadline;
  }

  /** Withdraws a deadline that has not fallen due; its target is never expired. */
  withdraw(deadline: Deadline): void {
    const { lane } = deadline;
    if (deadline.prev === undefined && lane.head !== deadline) return;
    if (deadline.prev === undefined) lane.head = deadline.next;
    else deadline.prev.next = deadline.next;
    if (deadline.next === undefined) lane.tail = deadline.prev;
    else deadline.next.prev = deadline.prev;
    deadline.prev = deadline.next = undefined;
    // A timer left armed for a withdrawn deadline finds nothing due and re-arms; it holds no process open.
    if (--this.#pending === 0) this.#timer?.unref();
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(1, Math.ceil(at - performance.now())));
  }

  #fire(): void {
    this.#timer = undefined;
    this.#armedAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const lane of this.#lanes.values()) {
      while (lane.head !== undefined && lane.head.at <= now) {
        const due = lane.head;
        this.withdraw(due);
        try {
          due.target.expire();
        } catch {
          // One target's failure must not keep the others from expiring.
        }
      }
      if (lane.head !== undefined && lane.head.at < next) next = lane.head.at;
    }
    if (next !== Infinity) this.#arm(next);
  }
}

/** The deadlines of every gate in this process. */
export const GATE_DEADLINES = new DeadlineQueue();
