/**
 * How vouch text becomes terms (the skill index, and the matcher's requests in
 * services/introductions): the same normalisation for vouches and requests, so "React.js",
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
