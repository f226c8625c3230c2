/**
 * `POST /api/auth/reverify` (issue 43): a fresh code texted to the member's own phone, entered in
 * this session, confirms it is them for the next 10 minutes: what deleting the account and
 * changing the phone number need.
 */
import type { RequestOtpResponse, ReverifyInput, ReverifyResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

/** Texts a fresh code to `phone` (a sign-in attempt of its own): the member's own, or a new number. */
export const requestConfirmationCode = (phone: string): Promise<RequestOtpResponse> => api.post('/api/auth/request-otp', { phone });

export const reverify = (confirmation: ReverifyInput): Promise<ReverifyResponse> => api.post<ReverifyResponse>('/api/auth/reverify', confirmation);
