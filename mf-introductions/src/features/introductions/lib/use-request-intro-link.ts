/**
 * `/introduction-requests?introTo=&introThrough=&introDegree=` opens Request Introduction
 * prefilled (a member's profile: "Request an introduction" through the first hop of the path it
 * shows; remotes never import each other, the address is the contract: requestIntroPath of
 * @vouch/contracts). Closing the dialog takes the parameters off the address.
 */
import { readRequestIntroPrefill, REQUEST_INTRO_PARAMS, requestIntroContext, type IntroductionDegree, type RequestIntroPrefill } from '@vouch/contracts';
import { useSearchParams } from '@vouch/shell-sdk';
import { EMPTY_REQUEST_FORM, type RequestFormState } from './request-form';

/** The form a prefill opens: its degree, and who it is for and through in the context. */
export function prefilledRequestForm(prefill: RequestIntroPrefill | null | undefined): RequestFormState {
  if (!prefill) return EMPTY_REQUEST_FORM;
  return { ...EMPTY_REQUEST_FORM, degreeLevel: prefill.degree as IntroductionDegree, context: requestIntroContext(prefill) };
}

export function useRequestIntroLink(): { prefill: RequestIntroPrefill | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const prefill = readRequestIntroPrefill(params.toString());
  const close = () => {
    const next = new URLSearchParams(params);
    for (const name of Object.values(REQUEST_INTRO_PARAMS)) next.delete(name);
    setParams(next, { replace: true });
  };
  return { prefill, close };
}
