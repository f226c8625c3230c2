/**
 * The network on the wire (SPEC §3 "Network", "Onboarding network map", "Network analysis
 * response"; §7 network calls), shared by the web (mf-network, mf-introductions, the landing
 * page) and the network service. services/network/README.md explains how each field is made.
 */
import { z } from 'zod';
import { isoDateTime } from './wire';
import { VOUCH_RELATIONSHIPS } from './vouches.rules';
import { DIRECT_CONNECTION_KINDS, NETWORK_MESSAGES, SEARCH_MATCH_FIELDS, ONBOARDING_NODE_TYPES, PEOPLE_SEARCH_MAX_LENGTH, PEOPLE_SEARCH_MESSAGES, PEOPLE_SEARCH_MIN_LENGTH, QUESTION_THEMES, RELATIONSHIP_TYPES, searchWords } from './network.rules';

export * from './network.rules';

export const directConnectionSchema = z.object({
  id: z
    .string()
    .regex(/^(\d+|invite:\d+)$/)
    .describe('This entry\'s key, unique in the network: the member id as text ("12") for a member, `invite:<vouchId>` for my own pending invite (no member yet)'),
  kind: z.enum(DIRECT_CONNECTION_KINDS).describe('member: a person with an account; invite: my pending invite (relationshipType invited_pending)'),
  memberId: z.number().int().nullable().describe('The member (GET /profile/members/{memberId}); null for an invite'),
  name: z.string(),
  skills: z.array(z.string()).describe('From the vouches I gave them (a vouch they gave me describes me), split at commas, semicolons and new lines, each once'),
  characterTraits: z.array(z.string()),
  relationshipType: z.enum(RELATIONSHIP_TYPES),
}).meta({ id: 'DirectConnection' });
export type DirectConnection = z.infer<typeof directConnectionSchema>;

export const secondDegreeConnectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relationshipType: z.literal('second_degree_vouch'),
  connectedThrough: z.string().describe('The name of the 1° member I reach them through (the smallest id when several)'),
  connectedThroughId: z.number().int(),
  sharedConnections: z.number().int().describe('How many of my 1° members are connected to them'),
}).meta({ id: 'SecondDegreeConnection' });
export type SecondDegreeConnection = z.infer<typeof secondDegreeConnectionSchema>;

/** `GET /api/network`. */
export const networkResponseSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string() }),
  directConnections: z.array(directConnectionSchema),
  secondDegreeConnections: z.array(secondDegreeConnectionSchema),
}).meta({ id: 'Network' });
export type NetworkResponse = z.infer<typeof networkResponseSchema>;

/** `GET /api/network/stats` (anonymous; the landing page). */
export const networkStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalVouches: z.number().int().describe('Accepted vouches (the landing page\'s "Vouches Given"); pending, declined, revoked and expired ones are not counted'),
}).meta({ id: 'NetworkStats' });
export type NetworkStats = z.infer<typeof networkStatsSchema>;

export const onboardingVouchSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('The other member'),
  type: z.enum(['invite', 'recommendation']),
  skills: z.string().nullable(),
  characterTraits: z.string().nullable(),
  accomplishments: z.string().nullable(),
  reason: z.string().nullable(),
  acceptedAt: isoDateTime().nullable(),
  direction: z.enum(['given', 'received']),
  relationship: z.enum(VOUCH_RELATIONSHIPS).nullable().describe('What the other member is to me (the vouch\'s relationship seen from my side); null when the vouch holds none: its slot is then guessed by standing'),
});

export const onboardingNodeSchema = z.object({
  id: z.string().describe('Stable slot id, e.g. "mentor-1"'),
  type: z.enum(ONBOARDING_NODE_TYPES),
  position: z.object({ x: z.number(), y: z.number() }).describe('Relative to the centre (0, 0); the 15 slots lie on the unit circle, extra ones at radius 1.35; y grows downward'),
  isActive: z.boolean(),
  vouch: onboardingVouchSchema.optional(),
  question: z.object({ number: z.number().int(), text: z.string(), theme: z.enum(QUESTION_THEMES) }).optional(),
});
export type OnboardingNode = z.infer<typeof onboardingNodeSchema>;

const activeTotal = z.object({ active: z.number().int(), total: z.number().int() });

/** `GET /api/onboarding/network-map`. */
export const onboardingNetworkMapSchema = z.object({
  networkData: z.object({ nodes: z.array(onboardingNodeSchema) }),
  stats: z.object({ mentors: activeTotal, peers: activeTotal, mentees: activeTotal }),
}).meta({ id: 'OnboardingNetworkMap' });
export type OnboardingNetworkMap = z.infer<typeof onboardingNetworkMapSchema>;

/** `GET /api/network/analysis?degree=1..3` (default 2 when absent; anything else, a repeated or blank degree included, is a 400). */
export const networkAnalysisQuery = z.object({
  degree: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 2;
      if (!/^[1-3]$/.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: NETWORK_MESSAGES.invalidDegree });
        return z.NEVER;
      }
      return Number(value.trim());
    }),
});

export const connectorSchema = z.object({
  connectorId: z.number().int(),
  connectorName: z.string(),
  degree: z.number().int().describe("The connector's own distance from me (1: connectors are my 1° members)"),
  networkSize: z.number().int().describe('People within the degree I reach through them on a shortest path, themselves included'),
  relevantMatches: z.number().int().describe('Of those, the people with skills named in an accepted vouch'),
}).meta({ id: 'NetworkConnector' });
export type Connector = z.infer<typeof connectorSchema>;

export const networkAnalysisSchema = z.object({
  networkAnalysis: z.string(),
  totalReachablePeople: z.number().int(),
  connectors: z.array(connectorSchema),
}).meta({ id: 'NetworkAnalysis' });
export type NetworkAnalysis = z.infer<typeof networkAnalysisSchema>;

/** `GET /api/people/search?q=` (issue 28 item 3). */
export const peopleSearchQuery = z.object({
  q: z
    .string({ error: PEOPLE_SEARCH_MESSAGES.tooShort })
    .trim()
    .min(PEOPLE_SEARCH_MIN_LENGTH, { error: PEOPLE_SEARCH_MESSAGES.tooShort })
    .max(PEOPLE_SEARCH_MAX_LENGTH, { error: PEOPLE_SEARCH_MESSAGES.tooLong })
    .refine((q) => searchWords(q).length > 0, { error: PEOPLE_SEARCH_MESSAGES.noWords }),
  degree: z
    .enum(['1', '2', '3'], { error: PEOPLE_SEARCH_MESSAGES.badDegree })
    .transform(Number)
    .optional()
    .describe('Only people at this degree (the search results page\'s filter); beyond the plan\'s reach: 403 PLAN_TIER'),
});

export const personSearchResultSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  headline: z.string().nullable().describe('Role and company, from their profile'),
  profileUrl: z.string().describe('The profile page: /profile/<slug> for a public profile, /members/<memberId> otherwise'),
  degree: z.number().int().min(1).max(3).nullable().describe('My degree to them within my plan\'s reach; null for a public profile further away'),
  path: z.string().nullable().describe('"via Priya Patel" (2°: the 1° member I reach them through), "via Priya Patel → Sam Lee" (3°); null at 1° and for public-only results'),
  matched: z
    .array(z.object({ field: z.enum(SEARCH_MATCH_FIELDS), word: z.string().describe('The word of theirs that the query word begins, as the index keeps it (lower case, no accents)') }))
    .describe('Why they were found: for each word of q, the best word of theirs it matched (a name before a skill before a headline)'),
}).meta({ id: 'PersonSearchResult' });
export type PersonSearchResult = z.infer<typeof personSearchResultSchema>;

/** `GET /api/network/second-degree?q=` (the map's list view): every 2° person, filtered. */
export const secondDegreeListQuery = z.object({
  q: z.string().trim().max(PEOPLE_SEARCH_MAX_LENGTH, { error: PEOPLE_SEARCH_MESSAGES.tooLong }).optional(),
});
