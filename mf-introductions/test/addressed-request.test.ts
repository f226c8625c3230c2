import { addressedRequestLine, awaitingMeAsConnector, cannotAddress, connectorAskLine, firstConnector } from '../src/features/introductions/lib/addressed-request';

const request = { addressedTo: { id: 3, name: 'Ines Ortiz' }, connector: { id: 2, name: 'Marcus Okafor' }, connectorNote: null };

describe('a request addressed to a member, as its requester reads it', () => {
  it('says who it waits for at each step, with the connector\'s note once they answered', () => {
    expect(addressedRequestLine({ ...request, status: 'awaiting_connector' })).toBe('You asked Marcus Okafor to introduce you to Ines Ortiz. Waiting for Marcus Okafor.');
    expect(addressedRequestLine({ ...request, status: 'forwarded', connectorNote: 'She is great.' })).toBe('Marcus Okafor forwarded your request to Ines Ortiz. Waiting for Ines Ortiz to agree. Their note: “She is great.”');
    expect(addressedRequestLine({ ...request, status: 'completed' })).toBe('Ines Ortiz agreed: you are introduced, through Marcus Okafor.');
    expect(addressedRequestLine({ ...request, status: 'declined', connectorNote: 'On leave.' })).toBe('Marcus Okafor declined to introduce you to Ines Ortiz. Their note: “On leave.”');
    expect(addressedRequestLine({ ...request, status: 'declined' })).toBe('Marcus Okafor declined to introduce you to Ines Ortiz.');
    expect(addressedRequestLine({ ...request, status: 'declined', connectorNote: 'Forwarded' }, true)).toBe('Marcus Okafor forwarded your request; Ines Ortiz declined the introduction.');
    expect(addressedRequestLine({ ...request, status: 'cancelled' })).toBe('You cancelled this request to Marcus Okafor.');
    expect(addressedRequestLine({ ...request, status: 'expired' })).toBe('Marcus Okafor did not answer within 14 days: this request expired. You can ask again.');
  });
});

describe('a request addressed to a member, as its connector reads it', () => {
  const ask = { requester: { id: 1, name: 'Maya Chen' }, target: { id: 3, name: 'Ines Ortiz' } };
  it('asks for an answer while it awaits them, then says what happened', () => {
    expect(connectorAskLine({ ...ask, status: 'awaiting_connector' })).toBe('Forward it to Ines Ortiz with a note, or decline it.');
    expect(connectorAskLine({ ...ask, status: 'forwarded' })).toBe('You forwarded it. Ines Ortiz is asked whether they want the introduction.');
    expect(connectorAskLine({ ...ask, status: 'completed' })).toBe('Ines Ortiz agreed: Maya Chen and Ines Ortiz are introduced.');
    expect(connectorAskLine({ ...ask, status: 'cancelled' })).toBe('Maya Chen cancelled the request.');
    expect(awaitingMeAsConnector([{ status: 'awaiting_connector' }, { status: 'forwarded' }, { status: 'awaiting_connector' }])).toBe(2);
    expect(awaitingMeAsConnector(undefined)).toBe(0);
  });
});

describe('choosing the connector', () => {
  const connectors = [{ id: 5, name: 'Ana' }, { id: 2, name: 'Marcus' }];
  it('starts with the path\'s first hop when they can introduce, else the first listed', () => {
    expect(firstConnector(connectors, 2)).toBe(2);
    expect(firstConnector(connectors, 9)).toBe(5);
    expect(firstConnector([], 2)).toBeNull();
  });
  it('says why nobody can be asked: a direct connection, or nobody who knows them', () => {
    expect(cannotAddress({ target: { id: 3, name: 'Ines Ortiz', degree: 1 }, connectors: [] })).toBe('Ines Ortiz is already your direct connection: you can reach them without an introduction.');
    expect(cannotAddress({ target: { id: 3, name: 'Ines Ortiz', degree: null }, connectors: [] })).toMatch(/^None of your connections knows Ines Ortiz directly/);
    expect(cannotAddress({ target: { id: 3, name: 'Ines Ortiz', degree: 2 }, connectors })).toBeNull();
  });
});
