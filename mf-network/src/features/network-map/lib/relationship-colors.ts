/**
 * Colours of the map (SPEC "Network map": one colour per relationship type). Edges carry the
 * colour of the relationship they stand for; a person node carries the colour of its
 * relationship to the member. Picked to stay apart for common colour-vision deficiencies and to
 * read on white; the legend names each one, so colour is never the only cue.
 */
import { RELATIONSHIP_TYPES, type RelationshipType } from '@vouch/contracts';

export const RELATIONSHIP_COLORS: Readonly<Record<RelationshipType, string>> = {
  vouched_for: '#2563eb',
  vouched_by: '#059669',
  invited_accepted: '#7c3aed',
  invited_pending: '#d97706',
  introduction_requester: '#db2777',
  introduction_target: '#0891b2',
  second_degree_vouch: '#64748b',
};

/**
 * What each colour means, in the legend's words (from the member's side). An introduction joins
 * the requester and the person suggested to them once the requester accepts (services/network
 * README): for the requester that person was introduced at their request, and the other way round.
 */
export const RELATIONSHIP_LABELS: Readonly<Record<RelationshipType, string>> = {
  vouched_for: 'You vouched for them',
  vouched_by: 'They vouched for you',
  invited_accepted: 'Accepted your invite',
  invited_pending: 'Invite pending',
  introduction_requester: 'Introduced at their request',
  introduction_target: 'Introduced at your request',
  second_degree_vouch: '2° through a connection',
};

/** The member at the centre of their own map, skills, and the edge from a person to a skill. */
export const MAP_COLORS = {
  me: '#4f46e5',
  centre: '#312e81',
  skill: '#94a3b8',
  skillEdge: '#cbd5e1',
  label: '#1e293b',
} as const;

/** Legend rows, in RELATIONSHIP_TYPES order. */
export const RELATIONSHIP_LEGEND = RELATIONSHIP_TYPES.map((type) => ({ type, color: RELATIONSHIP_COLORS[type], label: RELATIONSHIP_LABELS[type] }));
