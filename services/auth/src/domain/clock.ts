/** The time source of every auth rule (expiry, limits, sessions); tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
