// The types of free-port.mjs (plain JavaScript, so that the benchmark can use it too).
/** A port nobody listens on now (bound to 0 and released). */
export declare function freePort(): Promise<number>;
