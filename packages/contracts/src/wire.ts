/** Building blocks of the wire schemas (zod; the web's rule files never import this). */
import { z } from 'zod';

/** An instant on the wire: ISO 8601 in UTC, `format: date-time` in the API document. */
export const isoDateTime = (description = 'ISO 8601') => z.iso.datetime().describe(description);
