/**
 * How the matcher reads text: the same normalisation for vouches and requests, so "React.js",
 * "ReactJS" and "react" meet, "APIs" meets "API", and "ML" meets "machine learning".
 * Steps: lower case without accents → a few symbol spellings (c++, c#, .net, node.js) →
 * words of letters and digits → light stemming (plurals, "-ing") → skill synonyms (synonyms.ts).
 */
import { SKILL_SYNONYMS } from './synonyms';

/** Light, predictable stemming: plural -s/-ies and -ing; short words are left alone. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length >= 7) return word.slice(0, -3);
  if (word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  const lower = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/c\+\+/g, ' cplusplus ')
    .replace(/\bc#/g, ' csharp ')
    .replace(/\bf#/g, ' fsharp ')
    .replace(/(^|[^a-z0-9])\.net\b/g, '$1 dotnet ')
    // node.js, vue.js, next.js: a dot inside a word joins it.
    .replace(/([a-z0-9])\.([a-z])/g, '$1$2');
  const out: string[] = [];
  for (const word of lower.split(/[^a-z0-9]+/)) if (word) out.push(stem(word));
  return out;
}

interface Phrase {
  alias: string[];
  canonical: string[];
}

/** Aliases by their first word, longest first, so "front end" wins over "front". */
const PHRASES: ReadonlyMap<string, Phrase[]> = (() => {
  const byFirst = new Map<string, Phrase[]>();
  for (const group of SKILL_SYNONYMS) {
    const canonical = words(group[0]!);
    for (const entry of group.slice(1)) {
      const alias = words(entry);
      if (alias.length === 0 || alias.join(' ') === canonical.join(' ')) continue;
      const list = byFirst.get(alias[0]!) ?? [];
      list.push({ alias, canonical });
      byFirst.set(alias[0]!, list);
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.alias.length - a.alias.length);
  return byFirst;
})();

/** The canonical terms of a text, in order (repeats kept: they are term frequencies). */
export function canonicalTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const ws = words(text);
  const out: string[] = [];
  for (let i = 0; i < ws.length; ) {
    const phrase = PHRASES.get(ws[i]!)?.find((p) => p.alias.every((w, k) => ws[i + k] === w));
    if (phrase) {
      out.push(...phrase.canonical);
      i += phrase.alias.length;
    } else {
      out.push(ws[i]!);
      i += 1;
    }
  }
  return out;
}

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
