/**
 * A request addressed to a member (issue 44): "Maya asks to be introduced to Ines", through a
 * connector of Maya's choice (a 1° connection of hers who knows Ines). Web-safe: no zod here.
 */

export const CONNECTOR_NOTE_MAX_LENGTH = 1000;

/** The sentences a person reads; the server answers with the same ones. */
export const ADDRESSED_REQUEST_MESSAGES = {
  targetRequired: 'Please choose the member you want to be introduced to.',
  connectorRequired: 'Please choose who introduces you.',
  reasonRequired: 'Please say why you would like this introduction.',
  notYourself: 'You cannot ask for an introduction to yourself.',
  targetNotFound: 'Member not found.',
  connectorIsYou: 'You cannot introduce yourself: choose one of your connections who knows them.',
  connectorIsTarget: (target: string) => `Choose someone other than ${target} to introduce you.`,
  alreadyConnected: (target: string) => `${target} is already your direct connection: you can reach them without an introduction.`,
  connectorNotFirstDegree: (connector: string) => `${connector} is not your direct connection: only a 1° connection can introduce you.`,
  connectorDoesNotKnow: (connector: string, target: string) => `${connector} is not directly connected to ${target}, so they cannot introduce you.`,
  alreadyAsked: (target: string) => `You already asked for an introduction to ${target}; it is still open.`,
  noteRequired: (requester: string) => `Please add a note: why you are introducing ${requester}.`,
  notConnector: (connector: string) => `Only ${connector} can forward or decline this request: they were asked to make the introduction.`,
  notAwaitingConnector: (status: string) =>
    status === 'forwarded' || status === 'completed' ? 'This request was already forwarded.' : status === 'cancelled' ? 'This request was cancelled by the member who asked.' : 'This request was already declined.',
  notAddressed: 'This request is not addressed to a member: it has no connector to answer it.',
  /** The connector did not answer within `days` (the target's INTRODUCTION_ANSWER_DAYS). */
  expired: (days: number) => `This request expired: it waited ${days} days without an answer. The member who asked can ask again.`,
} as const;

/** The connector's headline: "Maya Chen asks to be introduced to Ines Ortiz". */
export function connectorAskHeadline(requester: string, target: string): string {
  return `${requester} asks to be introduced to ${target}`;
}
