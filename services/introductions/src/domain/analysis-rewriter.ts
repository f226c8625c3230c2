/**
 * An optional language model that rewrites a match's aiAnalysis into friendlier prose (DESIGN §3:
 * "an external language model may be added behind configuration, never required"). Matching
 * itself stays offline: the model only rephrases the sentence the matcher wrote, from the same
 * facts. Any failure — not configured, refused, slow, garbage — keeps the offline sentence; the
 * request never fails or waits longer than the timeout because of it.
 *
 * Configuration (see services/introductions/README.md, "Optional language model"):
 *   VOUCH_LLM_URL        an OpenAI-compatible base URL (…/v1) or its …/chat/completions; unset = off
 *   VOUCH_LLM_MODEL      the model name (required with the URL)
 *   VOUCH_LLM_API_KEY    sent as "Authorization: Bearer …" when set (local servers need none)
 *   VOUCH_LLM_TIMEOUT_MS how long the calls of one request may take together (default 2500)
 *   VOUCH_LLM_MAX_CALLS  matches rewritten per request, best first (default 3; the rest keep theirs)
 */
import type { Logger } from '@vouch/service-core';

export interface RewriterConfig {
  endpoint: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  maxCalls: number;
  /** After a failure, the model is left alone this long (every request would otherwise pay the timeout). */
  cooldownMs: number;
}

/** What the model is told about one match: only what the offline explanation already shows (no phones). */
export interface AnalysisToRewrite {
  /** Identifies the sentence in the cache: request, viewer and match. */
  key: string;
  name: string;
  matchingFactors: readonly string[];
  aiAnalysis: string;
}

export interface RequestFacts {
  requestType: string;
  desiredSkills: string;
}

export const DEFAULT_LLM_TIMEOUT_MS = 2500;
export const DEFAULT_LLM_MAX_CALLS = 3;
export const DEFAULT_LLM_COOLDOWN_MS = 30_000;
/** A rewrite longer than this is not a short explanation: the offline sentence stays. */
export const MAX_REWRITTEN_LENGTH = 600;
const CACHE_SIZE = 500;

const whole = (value: string | undefined, fallback: number, min: number, max: number): number => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** The configuration in `env`, or null when the model is off (no URL or no model) or the URL is not http(s). */
export function rewriterConfigFrom(env: NodeJS.ProcessEnv): RewriterConfig | null {
  const url = env.VOUCH_LLM_URL?.trim();
  const model = env.VOUCH_LLM_MODEL?.trim();
  if (!url || !model) return null;
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    return null;
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') return null;
  if (!/\/chat\/completions\/?$/.test(endpoint.pathname)) endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, '')}/chat/completions`;
  return {
    endpoint: endpoint.toString(),
    model,
    apiKey: env.VOUCH_LLM_API_KEY?.trim() || null,
    timeoutMs: whole(env.VOUCH_LLM_TIMEOUT_MS, DEFAULT_LLM_TIMEOUT_MS, 100, 30_000),
    maxCalls: whole(env.VOUCH_LLM_MAX_CALLS, DEFAULT_LLM_MAX_CALLS, 0, 20),
    cooldownMs: whole(env.VOUCH_LLM_COOLDOWN_MS, DEFAULT_LLM_COOLDOWN_MS, 0, 3_600_000),
  };
}

const SYSTEM_PROMPT =
  'You rewrite the explanation of why a person could be introduced for a request, for the member who asked. ' +
  'Use only the facts given; never add skills, people, numbers or claims. Keep names as written. ' +
  'Answer with at most two plain sentences, no lists, no quotes, no preamble.';

function promptFor(request: RequestFacts, match: AnalysisToRewrite): string {
  return [
    `Request: ${request.requestType}; desired skills: ${request.desiredSkills}.`,
    `Person: ${match.name}.`,
    `Facts: ${match.matchingFactors.join('; ')}.`,
    `Explanation to rewrite: ${match.aiAnalysis}`,
  ].join('\n');
}

/** The model's sentence from an OpenAI-compatible answer, or null when it is not a usable one. */
export function sentenceFrom(body: unknown): string | null {
  const choices = (body as { choices?: unknown } | null)?.choices;
  const content = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content : undefined;
  if (typeof content !== 'string') return null;
  const text = content.replace(/\s+/g, ' ').trim().replace(/^["“](.*)["”]$/, '$1').trim();
  return text.length >= 10 && text.length <= MAX_REWRITTEN_LENGTH ? text : null;
}

export interface AnalysisRewriter {
  /**
   * The rewritten sentence of each of `matches` that got one, by key; at most `maxCalls` calls,
   * all within `timeoutMs` together. Never throws: what fails is simply missing from the map.
   */
  rewrite(request: RequestFacts, matches: readonly AnalysisToRewrite[]): Promise<Map<string, string>>;
}

/** A rewriter that calls `config.endpoint` with Node's fetch; null config → null (off). */
export function createAnalysisRewriter(config: RewriterConfig | null, logger?: Pick<Logger, 'warn'>, fetchImpl: typeof fetch = fetch): AnalysisRewriter | null {
  if (!config || config.maxCalls === 0) return null;
  // Rewrites of the same sentence (a dialog opened again) are kept: same input, no second call.
  const cache = new Map<string, string>();
  let pausedUntil = 0;

  const remember = (key: string, text: string) => {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, text);
  };

  async function call(request: RequestFacts, match: AnalysisToRewrite, signal: AbortSignal): Promise<string | null> {
    const response = await fetchImpl(config!.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config!.apiKey ? { authorization: `Bearer ${config!.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config!.model,
        temperature: 0.2,
        max_tokens: 160,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: promptFor(request, match) },
        ],
      }),
      signal,
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return sentenceFrom(await response.json());
  }

  return {
    async rewrite(request, matches) {
      const out = new Map<string, string>();
      const wanted = matches.slice(0, config.maxCalls);
      const toCall: AnalysisToRewrite[] = [];
      for (const m of wanted) {
        const cached = cache.get(`${m.key}\n${m.aiAnalysis}`);
        if (cached) out.set(m.key, cached);
        else toCall.push(m);
      }
      if (toCall.length === 0 || Date.now() < pausedUntil) return out;
      const signal = AbortSignal.timeout(config.timeoutMs);
      const answers = await Promise.allSettled(toCall.map((m) => call(request, m, signal)));
      let failure: string | null = null;
      answers.forEach((answer, i) => {
        const match = toCall[i]!;
        if (answer.status === 'fulfilled' && answer.value) {
          out.set(match.key, answer.value);
          remember(`${match.key}\n${match.aiAnalysis}`, answer.value);
        } else {
          failure ??= answer.status === 'rejected' ? (signal.aborted ? `no answer within ${config.timeoutMs} ms` : String((answer.reason as Error)?.message ?? answer.reason)) : 'an answer that is not a short sentence';
        }
      });
      if (failure) {
        pausedUntil = Date.now() + config.cooldownMs;
        logger?.warn({ endpoint: config.endpoint, model: config.model, reason: failure }, 'language model did not rewrite aiAnalysis; the offline sentences are shown');
      }
      return out;
    },
  };
}
