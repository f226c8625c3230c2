// A member's data across the vouches service: the profile made at registration, the
// export and the forgetting of an account, as the MemberDataPart the gateway composes. It reads
// and writes every other feature's tables, through their public surfaces. The feature's public
// surface: the service's composition imports this file, never the ones behind it.
export { createMemberProfile, exportMemberData, forgetMember, vouchesMemberData } from './domain/member-data';
