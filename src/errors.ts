/**
 * The one error type of i8conv. `code` is a stable string that callers can switch on; the message names the
 * parameter that is wrong and why. Every check that throws it runs before any output byte is written, and
 * leaves the runtime usable.
 */
export class I8ConvError extends Error {
  readonly code: string;
  readonly param?: string;
  constructor(code: string, message: string, param?: string) {
    super(`[${code}] ${message}`);
    this.name = 'I8ConvError';
    this.code = code;
    this.param = param;
  }
}

/** Throws I8ConvError(code, message, param) unless cond holds. */
export function check(cond: unknown, code: string, param: string, message: string): asserts cond {
  if (!cond) throw new I8ConvError(code, `${param}: ${message}`, param);
}

export function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}

export function isNonNegativeInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
