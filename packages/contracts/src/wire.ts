/** Building blocks of the wire schemas (zod; the web's rule files never import this). */
import { z } from 'zod';

/** An instant on the wire: ISO 8601 in UTC, `format: date-time` in the API document. */
export const isoDateTime = (description = 'ISO 8601') => z.iso.datetime().describe(description);

/**
 * `?states=true` (issue 28): an expected state (not connected; a vouch removed by its sender)
 * answers 200 with a state body instead of a 404/410 problem, so a browser logs no failed
 * request. Without it (older clients) the problem answers stay. Anything but "true" or "false" is a 400.
 */
export const statesQuery = z.object({
  states: z
    .enum(['true', 'false'], { error: 'states must be "true" or "false".' })
    .optional()
    .describe('true: an expected state answers 200 with a state body rather than a 404/410 problem'),
});

