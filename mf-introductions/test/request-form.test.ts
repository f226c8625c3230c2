import {
  allowedDegrees,
  checkRequestForm,
  EMPTY_REQUEST_FORM,
  suggestionReasoningProblem,
  toCreateRequestBody,
} from '../src/features/introductions/lib/request-form';
import { ApiError } from '@vouch/shell-sdk';
import { fallbackWithReason, serverMessageOr } from '../src/features/introductions/lib/toast-errors';

const filled = { ...EMPTY_REQUEST_FORM, requestType: 'Hiring', desiredSkills: 'React', reason: 'Building a team' };

describe('checkRequestForm (SPEC §5)', () => {
  it('asks for request type, desired skills and reason', () => {
    expect(checkRequestForm(EMPTY_REQUEST_FORM)).toEqual({ fields: ['requestType', 'desiredSkills', 'reason'], message: 'Please fill in all required fields' });
    expect(checkRequestForm({ ...filled, reason: '   ' })).toEqual({ fields: ['reason'], message: 'Please fill in all required fields' });
  });

  it('lets a complete form through; context is optional', () => {
    expect(checkRequestForm(filled)).toEqual({ fields: [], message: null });
  });
});

describe('toCreateRequestBody', () => {
  it('trims the texts, sends a blank context as null and keeps the degree', () => {
    expect(toCreateRequestBody({ ...filled, requestType: ' Hiring ', context: '  ', degreeLevel: 1 })).toEqual({
      requestType: 'Hiring',
      desiredSkills: 'React',
      reason: 'Building a team',
      context: null,
      degreeLevel: 1,
    });
    expect(toCreateRequestBody({ ...filled, context: ' Series A ' }).context).toBe('Series A');
  });
});

describe('allowedDegrees (SPEC §6)', () => {
  it('gives the free plan (or an unknown one) 1st and 2nd, paid plans all three', () => {
    expect(allowedDegrees('free')).toEqual([1, 2]);
    expect(allowedDegrees(null)).toEqual([1, 2]);
    expect(allowedDegrees('premium')).toEqual([1, 2, 3]);
    expect(allowedDegrees('enterprise')).toEqual([1, 2, 3]);
  });
});

describe('suggestion reasoning (SPEC §5)', () => {
  it('is required, with its own sentence for a self-suggestion', () => {
    expect(suggestionReasoningProblem('', false)).toBe('Please provide reasoning for this suggestion');
    expect(suggestionReasoningProblem('  ', true)).toBe('Please provide a reason for your self-suggestion');
    expect(suggestionReasoningProblem('Worked with her', false)).toBeNull();
  });
});

describe('toast sentences (SPEC §8)', () => {
  it('shows the server message of a failed create, or the fallback', () => {
    expect(serverMessageOr(new ApiError(402, 'Monthly introduction limit reached', null), 'Failed to create introduction request')).toBe('Monthly introduction limit reached');
    expect(serverMessageOr(undefined, 'Failed to create introduction request')).toBe('Failed to create introduction request');
  });

  it('adds the server reason to a fixed fallback', () => {
    expect(fallbackWithReason({ detail: 'Already answered.' }, 'Failed to accept suggestion')).toBe('Failed to accept suggestion. Already answered.');
    expect(fallbackWithReason(new Error('boom'), 'Failed to reject suggestion')).toBe('Failed to reject suggestion');
  });
});
