/**
 * The figures a member reads about their own network, each defined once (issue 28 item 6): what
 * it counts, its unit, and how it reads. Every screen that shows one takes it from here, so the
 * dashboard, Stats and the map say the same number in the same words.
 */

/** A unit as it reads after a number: "1 vouch", "33 vouches". */
export interface FigureUnit {
  one: string;
  other: string;
}

export interface FigureDefinition {
  label: string;
  /** What is counted, for the help text and the next engineer. */
  counts: string;
  unit: FigureUnit | null;
}

const unit = (one: string, other: string): FigureUnit => ({ one, other });

export const FIGURES = {
  networkSize: {
    label: 'Network size',
    counts: 'Accepted vouches you gave plus accepted vouches you received (SPEC "Stats"); a mutual pair counts twice.',
    unit: unit('vouch', 'vouches'),
  },
  connections: {
    label: 'Connections',
    counts: 'People joined to you by an accepted vouch in either direction: your 1°. Pending invites are not connections yet.',
    unit: unit('person', 'people'),
  },
  reputation: {
    label: 'Reputation',
    counts: 'Trust that reaches you through accepted vouches from established members, out of 100.',
    unit: null,
  },
  socialCapital: {
    label: 'Social capital',
    counts: 'Earned by vouching, suggesting and introducing; spent on introduction requests.',
    unit: unit('point', 'points'),
  },
  profileViews: {
    label: 'Profile views',
    counts: 'Views of your public profile by anyone but you.',
    unit: unit('view', 'views'),
  },
  introductionRequests: {
    label: 'Introduction requests',
    counts: 'Introduction requests you made.',
    unit: unit('request', 'requests'),
  },
  daysActive: {
    label: 'Days active',
    counts: 'Calendar days since you joined, the day you joined included.',
    unit: unit('day', 'days'),
  },
} as const satisfies Record<string, FigureDefinition>;

export type FigureName = keyof typeof FIGURES;

/** The unit word for `value` ("vouch" for 1, "vouches" otherwise); '' for a figure without one. */
export function figureUnit(name: FigureName, value: number): string {
  const u: FigureUnit | null = FIGURES[name].unit;
  if (!u) return '';
  return value === 1 ? u.one : u.other;
}

/** The figure as a sentence fragment: "33 vouches", "31 people", "57 / 100". */
export function figureText(name: FigureName, value: number): string {
  if (name === 'reputation') return `${value} / 100`;
  return `${value.toLocaleString('en-US')} ${figureUnit(name, value)}`;
}

interface VouchCounts {
  vouchesGiven?: number | null;
  vouchesReceived?: number | null;
}

/** Network size: accepted vouches given plus received (missing counts read as 0). */
export function networkSize(member: VouchCounts | null | undefined): number {
  return (member?.vouchesGiven ?? 0) + (member?.vouchesReceived ?? 0);
}

/** A 0–100 score as it reads on every screen: a whole number (the server keeps one decimal), clamped. */
export function reputationOutOf100(score: number | null | undefined): number {
  if (!(typeof score === 'number' && score > 0)) return 0;
  return Math.round(Math.min(100, score));
}

/**
 * Days active: calendar days (UTC) from the day the account was created to today, both included,
 * so a member who joined today has been active 1 day. A creation time a little ahead of this
 * device's clock is today; a missing or unreadable one gives 0.
 */
export function daysActive(createdAt: string | Date | null | undefined, now: Date = new Date()): number {
  if (!createdAt) return 0;
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return 0;
  const day = (ms: number) => Math.floor(ms / 86_400_000);
  return Math.max(1, day(now.getTime()) - day(created) + 1);
}

/** Connections from GET /api/network's 1° list: members only (my pending invites are drawn, not counted). */
export function connectionsIn(directConnections: readonly { kind: string }[]): number {
  return directConnections.filter((connection) => connection.kind === 'member').length;
}
