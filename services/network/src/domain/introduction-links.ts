// Introductions join people too (SPEC §2 Network map: introduction_requester, introduction_target),
// but the network cannot import the introductions service (introductions depends on network
// among its packages), so the gateway hands the read over as a hook, as it does for vouches'
// introductionFacts.
import type { RelationshipType } from '@vouch/contracts';

/** A member joined to me by an accepted introduction suggestion, and how, from my side. */
export interface IntroductionLink {
  memberId: number;
  relationshipType: Extract<RelationshipType, 'introduction_requester' | 'introduction_target'>;
}

/** The member's introduction links, oldest first (introductions' `introductionLinksOf`). */
export type IntroductionLinksProvider = (memberId: number) => Promise<readonly IntroductionLink[]>;

declare module '@vouch/service-core' {
  interface ServiceHooks {
    /**
     * Who is joined to the member by an accepted introduction, for GET /api/network. Optional:
     * without it (the network service run alone) nobody appears through an introduction.
     */
    introductionLinks?: IntroductionLinksProvider;
  }
}
