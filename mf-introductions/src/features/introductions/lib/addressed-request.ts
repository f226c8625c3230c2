/**
 * The words and choices of a request addressed to a member (issue 44), pure: what the requester's
 * card says at each step, what the connector's card says, which connector is chosen first.
 */
import { ADDRESSED_REQUEST_MESSAGES, INTRODUCTION_ANSWER_DAYS, type ConnectorAsk, type IntroductionConnectors, type IntroductionRequest } from '@vouch/contracts';

/**
 * The requester's card: where the request stands, with the connector's note once they answered.
 * `targetDeclined`: its introduction was declined by the member (else a decline is the connector's).
 */
export function addressedRequestLine(request: Pick<IntroductionRequest, 'status' | 'addressedTo' | 'connector' | 'connectorNote'>, targetDeclined = false): string {
  const target = request.addressedTo?.name ?? 'the member';
  const connector = request.connector?.name ?? 'Your connection';
  const note = request.connectorNote ? ` Their note: “${request.connectorNote}”` : '';
  switch (request.status) {
    case 'awaiting_connector':
      return `You asked ${connector} to introduce you to ${target}. Waiting for ${connector}.`;
    case 'forwarded':
      return `${connector} forwarded your request to ${target}. Waiting for ${target} to agree.${note}`;
    case 'completed':
      return `${target} agreed: you are introduced, through ${connector}.`;
    case 'declined':
      return targetDeclined ? `${connector} forwarded your request; ${target} declined the introduction.` : `${connector} declined to introduce you to ${target}.${note}`;
    case 'cancelled':
      return `You cancelled this request to ${connector}.`;
    case 'expired':
      return `${connector} did not answer within ${INTRODUCTION_ANSWER_DAYS} days: this request expired. You can ask again.`;
    default:
      return `Your request to ${connector}.`;
  }
}

/** The connector's card: where the request stands for them. */
export function connectorAskLine(ask: Pick<ConnectorAsk, 'status' | 'requester' | 'target'>): string {
  switch (ask.status) {
    case 'awaiting_connector':
      return `Forward it to ${ask.target.name} with a note, or decline it.`;
    case 'forwarded':
      return `You forwarded it. ${ask.target.name} is asked whether they want the introduction.`;
    case 'completed':
      return `${ask.target.name} agreed: ${ask.requester.name} and ${ask.target.name} are introduced.`;
    case 'declined':
      return 'Declined.';
    case 'cancelled':
      return `${ask.requester.name} cancelled the request.`;
    default:
      return '';
  }
}

/** How many requests await my answer as connector (added to the Introductions tab's badge). */
export function awaitingMeAsConnector(asks: readonly Pick<ConnectorAsk, 'status'>[] | undefined): number {
  return (asks ?? []).filter((a) => a.status === 'awaiting_connector').length;
}

/** The connector chosen first: the path's first hop when they can introduce, else the first one listed. */
export function firstConnector(connectors: IntroductionConnectors['connectors'], proposed: number | null): number | null {
  return connectors.find((c) => c.id === proposed)?.id ?? connectors[0]?.id ?? null;
}

/** Why the dialog cannot send a request to this member, or null when it can. */
export function cannotAddress(data: IntroductionConnectors): string | null {
  if (data.target.degree === 1) return ADDRESSED_REQUEST_MESSAGES.alreadyConnected(data.target.name);
  if (data.connectors.length === 0) return `None of your connections knows ${data.target.name} directly, so nobody can introduce you yet. Ask for an introduction to someone on the path to them first.`;
  return null;
}
