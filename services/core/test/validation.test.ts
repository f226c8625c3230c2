import { z } from 'zod';
import { parse, Problem, routeId } from '../src';

const vouchInput = z.strictObject({
  recipientPhone: z.string().min(1),
  skills: z.array(z.string()).min(1),
  type: z.enum(['professional', 'personal']),
  age: z.number().int().min(18),
  name: z.string().min(2, 'Name needs at least two letters'),
});

function problemOf(fn: () => unknown): Problem {
  try {
    fn();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a Problem');
}

describe('parse', () => {
  it('returns the parsed value when the input is valid', () => {
    const value = { recipientPhone: '+15551234567', skills: ['sales'], type: 'personal', age: 30, name: 'Al' };
    expect(parse(vouchInput, value)).toEqual(value);
  });

  it('when fields are missing, then each is reported as required with a readable label', () => {
    const problem = problemOf(() => parse(vouchInput, {}));
    expect(problem.status).toBe(400);
    expect(problem.errors).toContainEqual({ field: 'recipientPhone', message: 'Recipient phone is required.' });
    expect(problem.errors).toContainEqual({ field: 'type', message: 'Type is required.' });
    expect(problem.detail).toMatch(/^Recipient phone is required\. .* 2 more fields are invalid\.$/);
  });

  it('when values are wrong, then the sentences say what is expected', () => {
    const problem = problemOf(() => parse(vouchInput, { recipientPhone: '', skills: [], type: 'x', age: 3.5, name: 'A', extra: true }));
    const byField = Object.fromEntries(problem.errors!.map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      recipientPhone: 'Recipient phone must not be empty.',
      skills: 'Skills must contain at least one item.',
      type: 'Type must be one of "professional", "personal".',
      age: 'Age must be a whole number.',
      name: 'Name needs at least two letters.',
      '': 'Unknown field: extra.',
    });
  });

  it('when the body is missing altogether, then it says so', () => {
    expect(problemOf(() => parse(vouchInput, undefined)).detail).toBe('The request body is required.');
  });

  it('names nested array entries by their path', () => {
    const problem = problemOf(() => parse(z.object({ skills: z.array(z.string().max(3)) }), { skills: ['ok', 'toolong'] }));
    expect(problem.errors).toEqual([{ field: 'skills.1', message: 'Skills must be at most 3 characters long.' }]);
  });
});

describe('routeId', () => {
  it.each([['1', 1], ['42', 42], ['123456789012345', 123456789012345]])('%s is the id %d', (raw, id) => {
    expect(routeId(raw)).toBe(id);
  });

  it.each([undefined, '', '0', '-1', '01', '1.5', '1e3', 'abc', ' 1', '9'.repeat(16), '1/../2'])('%p is no id', (raw) => {
    expect(routeId(raw)).toBeNull();
  });
});
