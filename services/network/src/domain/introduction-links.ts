// Introductions join people too (SPEC §2 Network map: introduction_requester, introduction_target):
// the introductions service's public module tells who (network imports it; it never imports network).
import type { IntroductionLink } from '@vouch/service-introductions';

export type { IntroductionLink };

/** The member's introduction links, oldest first (introductions' `introductionLinksOf`). */
export type IntroductionLinksProvider = (memberId: number) => Promise<readonly IntroductionLink[]>;
