import { existsSync } from 'node:fs';
import type { Containment } from '../containment.js';
import { cgroupParent, probeCgroup } from './cgroup.js';
import { findNamespaceTools, probeNamespace, type NamespaceTools } from './namespace-holder.js';

/** What a containment needs at run time, once probed: the programs of a PID namespace, the folder of the cgroups. */
export interface ContainmentSupport {
  readonly namespaceTools?: NamespaceTools;
  readonly cgroupParent?: string;
}

const STRONGEST_FIRST: readonly Containment[] = ['pid-namespace', 'cgroup', 'session'];
const probed = new Map<Containment, boolean>();
const support: { namespaceTools?: NamespaceTools; cgroupParent?: string } = {};

/**
 * True when commands can run under `containment` here, probed once per process with a real
 * command: a PID namespace needs `unshare`, `nsenter` and the privilege to use them; a cgroup
 * needs a cgroup v2 with `cgroup.kill` that this process may write; the session is always there.
 */
export function containmentAvailable(containment: Containment): boolean {
  let available = probed.get(containment);
  if (available !== undefined) return available;
  const bashPath = existsSync('/bin/bash') ? '/bin/bash' : 'bash';
  if (containment === 'pid-namespace') {
    const tools = findNamespaceTools();
    available = tools !== undefined && probeNamespace(tools, bashPath);
    if (available) support.namespaceTools = tools;
  } else if (containment === 'cgroup') {
    const parent = cgroupParent();
    available = parent !== undefined && probeCgroup(parent, bashPath);
    if (available) support.cgroupParent = parent;
  } else {
    available = containment === 'session';
  }
  probed.set(containment, available);
  return available;
}

/** The strongest containment available here (probing only as far as it must). */
export function strongestContainment(): Containment {
  return STRONGEST_FIRST.find(containmentAvailable) ?? 'session';
}

/** The containments this machine offers, strongest first (probed once; `session` is always there). */
export function availableContainments(): Containment[] {
  return STRONGEST_FIRST.filter(containmentAvailable);
}

/** What the available containments need at run time. */
export function containmentSupport(): ContainmentSupport {
  return support;
}
