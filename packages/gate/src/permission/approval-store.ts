/**
 * Remembers which approvals were used (SPEC IN-4): `consume` says true once per id. Share one
 * between processes (`@toolwright/redis`'s store, or your own on a shared database) to forbid
 * replays across them. Throwing, rejecting or not answering in time means the store cannot be
 * reached: the call is denied, and its reason says so — never run.
 */
export interface ApprovalStore {
  /**
   * True the first time it is given `id`, false ever after (also from another process sharing the
   * store). `expiresAt` (ms since the epoch) is when the approval stops granting anyway: the store
   * may forget the id after it.
   */
  consume(id: string, expiresAt: number): boolean | Promise<boolean>;
}

/** The ids used in this process, with their expiry, oldest first. */
const usedInThisProcess = new Map<string, number>();

/** The default store: this process's memory, shared by its gates; expired ids are forgotten as new ones come. */
export const PROCESS_APPROVAL_STORE: ApprovalStore = {
  consume(id, expiresAt) {
    forgetExpired(Date.now());
    if (usedInThisProcess.has(id)) return false;
    usedInThisProcess.set(id, expiresAt);
    return true;
  },
};

function forgetExpired(now: number): void {
  for (const [id, expiresAt] of usedInThisProcess) {
    if (expiresAt > now) return;
    usedInThisProcess.delete(id);
  }
}
