/**
 * How the matcher reads a request: its desired skills and its other words, as terms of the
 * skill index (the normalisation of vouches and requests lives with the index, in
 * services/vouches skill-index/text.ts: "React.js", "ReactJS" and "react" meet).
 */
import { canonicalTerms, stem } from '@vouch/service-vouches/skill-index';

export { canonicalTerms, stem };

/** One skill the requester asked for: the words they typed and the terms it must match. */
export interface DesiredSkill {
  label: string;
  terms: string[];
}

/**
 * The desired skills of a request, split on commas, semicolons, slashes, "and", "&" and new
 * lines ("TypeScript, React and API design" → three skills), without repeats.
 */
export function parseDesiredSkills(desiredSkills: string): DesiredSkill[] {
  const seen = new Set<string>();
  const skills: DesiredSkill[] = [];
  for (const part of desiredSkills.split(/[,;\n|/]+|\s+(?:and|&)\s+/i)) {
    const label = part.trim().replace(/\s+/g, ' ');
    const terms = [...new Set(canonicalTerms(label))];
    if (!label || terms.length === 0) continue;
    const key = terms.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    skills.push({ label, terms });
  }
  return skills;
}

/** Words that say nothing about a skill; left out of the request's secondary terms. */
const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from into about as is are was were be been being have has had do does did ' +
    'i me my we our you your he she they them their it its this that these those who whom which what when where why how ' +
    'can could would should will may might must not no yes so very just also than then there here some any all more most ' +
    'someone somebody person people looking look need needs want wants find help helps introduction introduce introduced ' +
    'company startup team work working job role new good great experience experienced year years'
  )
    .split(' ')
    .map(stem),
);

/** The request's other words (reason, context, type) that may count a little: no stopwords, ≥ 3 letters. */
export function secondaryTerms(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const term of canonicalTerms(text)) if (term.length >= 3 && !STOPWORDS.has(term)) out.add(term);
  return [...out];
}
