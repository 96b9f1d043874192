/** Time source, swappable in tests that need to move time (session expiry, token expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
