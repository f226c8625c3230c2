/**
 * `/introduction-requests?introTo=<member>&introThrough=<member>` opens a request addressed to a
 * member (a profile's "Request an introduction", proposing the first hop of the path it shows as
 * connector; remotes never import each other, the address is the contract: requestIntroPath of
 * @vouch/contracts). Closing the dialog takes the parameters off the address.
 */
import { readRequestIntroPrefill, REQUEST_INTRO_PARAMS, type RequestIntroPrefill } from '@vouch/contracts';
import { useSearchParams } from '@vouch/shell-sdk';

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
