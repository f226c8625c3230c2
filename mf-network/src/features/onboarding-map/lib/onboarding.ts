/**
 * The onboarding map's drawing rules (SPEC "Network map", onboarding variant; §4): slot colours
 * per kind, where a slot sits in the square, and what a slot says to a screen reader.
 */
import { questionTheme, type OnboardingNode, type OnboardingNodeType } from '@vouch/contracts';
import { initialsOf } from '../../../lib/labels';

export const ONBOARDING_KINDS: readonly { type: OnboardingNodeType; label: string; plural: 'mentors' | 'peers' | 'mentees'; color: string; soft: string }[] = [
  { type: 'mentor', label: 'Mentor', plural: 'mentors', color: '#7c3aed', soft: '#ede9fe' },
  // 700 shades, not 600: labels in these colours on white or on the soft tint need 4.5:1 (WCAG AA).
  { type: 'peer', label: 'Peer', plural: 'peers', color: '#1d4ed8', soft: '#dbeafe' },
  { type: 'mentee', label: 'Mentee', plural: 'mentees', color: '#047857', soft: '#d1fae5' },
];

export const onboardingKind = (type: OnboardingNodeType) => ONBOARDING_KINDS.find((kind) => kind.type === type)!;

/** Half the square's side in slot units: room for the outer ring (radius 1.35) when it is used. */
export function onboardingExtent(nodes: readonly OnboardingNode[]): number {
  const farthest = nodes.reduce((max, node) => Math.max(max, Math.hypot(node.position.x, node.position.y)), 1);
  return farthest > 1.01 ? 1.6 : 1.3;
}

/** A slot's centre as percentages of the square (left, top), for absolute positioning. */
export function slotPercent(position: { x: number; y: number }, extent: number): { left: number; top: number } {
  const pct = (v: number) => Math.round((50 + (v / extent) * 50) * 100) / 100;
  return { left: pct(position.x), top: pct(position.y) };
}

/** What the slot shows inside its circle: the other member's initials, or the question number. */
export const slotText = (node: OnboardingNode): string => (node.isActive && node.vouch ? initialsOf(node.vouch.name) : String(node.question?.number ?? ''));

/** The slot's accessible name, e.g. "Mentor: Ada Lovelace" or "Open peer slot, question 2: Character Traits". */
export function slotLabel(node: OnboardingNode): string {
  const kind = onboardingKind(node.type).label;
  if (node.isActive && node.vouch) return `${kind}: ${node.vouch.name}`;
  const number = node.question?.number ?? 0;
  return `Open ${kind.toLowerCase()} slot, question ${number}: ${node.question?.theme ?? questionTheme(number)}`;
}
