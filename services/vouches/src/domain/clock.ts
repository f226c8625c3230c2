/** The time source of every vouch rule (expiry, answers, activities); tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
