/**
 * `POST /api/auth/logout {}` after a person who is not a member answered a vouch (issue 44: a
 * decline without joining): the session that only proved their phone for this answer ends with it.
 * Its failure is nobody's concern: that session can do nothing else and expires on its own.
 */
import { api } from '@vouch/shell-sdk';

export const endAnswerSession = (): Promise<unknown> => api.post('/api/auth/logout', {}).catch(() => undefined);
