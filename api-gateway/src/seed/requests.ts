// Introduction requests of the demo network, by the community whose people they look for.

export interface RequestTemplate {
  /** Index into COMMUNITIES: whose members can help. */
  community: string;
  requestType: string;
  desiredSkills: string;
  reason: string;
  context: string | null;
}

export const REQUEST_TEMPLATES: readonly RequestTemplate[] = [
  { community: 'design', requestType: 'Hiring', desiredSkills: 'Product design, Figma, Design systems', reason: 'We are hiring our first product designer and want someone our network already trusts.', context: 'Seed-stage B2B startup, remote-friendly.' },
  { community: 'finance', requestType: 'Fundraising advice', desiredSkills: 'Fundraising, Venture capital, Financial modeling', reason: 'We are preparing our seed round and would love a sanity check on the model and the pitch.', context: null },
  { community: 'software', requestType: 'Technical advisor', desiredSkills: 'Distributed systems, Kubernetes, PostgreSQL', reason: 'Our platform is outgrowing a single database; I need an hour with someone who has scaled one.', context: 'Happy to pay for the time.' },
  { community: 'data', requestType: 'Mentorship', desiredSkills: 'Machine learning, MLOps, Python', reason: 'I am moving from analytics into machine learning and looking for a mentor who has made the same jump.', context: null },
  { community: 'healthcare', requestType: 'Customer discovery', desiredSkills: 'Clinical research, Digital health, Patient care', reason: 'We are building scheduling software for clinics and want to learn how care teams really work.', context: '30-minute interviews, remote.' },
  { community: 'sales', requestType: 'Partnership', desiredSkills: 'Enterprise sales, Partnerships, Business development', reason: 'Looking for someone who has built a partner channel in enterprise SaaS.', context: null },
  { community: 'education', requestType: 'Speaker', desiredSkills: 'Workshop facilitation, Public speaking, Curriculum design', reason: 'Our team offsite needs a facilitator for a day on learning and coaching.', context: 'In person, Austin, next quarter.' },
  { community: 'marketing', requestType: 'Hiring', desiredSkills: 'Growth marketing, SEO, Content strategy', reason: 'We need a growth lead to take our launch from word of mouth to a repeatable channel.', context: null },
  { community: 'product', requestType: 'Advice', desiredSkills: 'Pricing, Product strategy, B2B SaaS', reason: 'We are reworking pricing tiers and want advice from someone who has done it well.', context: null },
];

export const SUGGESTION_REASONS: readonly string[] = [
  '{person} did exactly this at their last company, and is generous with their time.',
  'I worked with {person} for two years; they are the best I know at this.',
  '{person} helped me with the same question last year. You two will get along.',
];
