// The professional communities of the demo network: what their members are vouched for and
// what they ask introductions for. Curated by hand so profiles, the map's tags and matching
// read like real people's.

export interface Community {
  name: string;
  /** Job titles, used in reasons ("… as our staff engineer"). */
  roles: readonly string[];
  skills: readonly string[];
  accomplishments: readonly string[];
  /** Where people met, used in reasons. */
  places: readonly string[];
}

export const COMMUNITIES: readonly Community[] = [
  {
    name: 'software',
    roles: ['staff engineer', 'backend engineer', 'tech lead', 'engineering manager', 'site reliability engineer', 'mobile engineer'],
    skills: ['TypeScript', 'React', 'Node.js', 'Go', 'Rust', 'Python', 'Kubernetes', 'AWS', 'PostgreSQL', 'System design', 'Distributed systems', 'iOS', 'Android', 'DevOps', 'Security', 'API design'],
    accomplishments: ['Led the migration of a monolith to services with zero downtime', 'Cut cloud spend by 40% in one quarter', 'Shipped the mobile app that reached 1M downloads', 'Built the payments platform from scratch', 'Mentored five engineers into senior roles', 'Open-source maintainer of a widely used library'],
    places: ['a fintech startup', 'Stripe', 'a Series B startup', 'Google', 'an open-source project', 'a hackathon'],
  },
  {
    name: 'design',
    roles: ['product designer', 'UX researcher', 'design lead', 'brand designer', 'design systems lead'],
    skills: ['Product design', 'UX research', 'Figma', 'Design systems', 'Prototyping', 'Interaction design', 'Accessibility', 'Visual design', 'Brand identity', 'Usability testing'],
    accomplishments: ['Redesigned onboarding and lifted activation by 25%', 'Built a design system used by 12 teams', 'Won a Red Dot award for a medical device interface', 'Ran 200 customer interviews that reshaped the roadmap', 'Made the flagship app WCAG AA accessible'],
    places: ['an agency in Brooklyn', 'Airbnb', 'a design studio', 'a consumer startup', 'IDEO'],
  },
  {
    name: 'product',
    roles: ['product manager', 'group product manager', 'head of product', 'product operations lead'],
    skills: ['Product strategy', 'Roadmapping', 'User research', 'Go-to-market', 'Pricing', 'Growth', 'A/B testing', 'Stakeholder management', 'B2B SaaS', 'Marketplaces'],
    accomplishments: ['Launched a product line that became 30% of revenue', 'Took a marketplace from 0 to 50k monthly users', 'Rebuilt pricing and doubled average contract value', 'Shipped the self-serve plan that cut sales cycles in half'],
    places: ['a B2B SaaS company', 'Shopify', 'a marketplace startup', 'Atlassian', 'a Y Combinator batch'],
  },
  {
    name: 'data',
    roles: ['data scientist', 'machine learning engineer', 'analytics lead', 'data engineer'],
    skills: ['Machine learning', 'Python', 'SQL', 'Statistics', 'Data engineering', 'dbt', 'Spark', 'Experimentation', 'Forecasting', 'NLP', 'Computer vision', 'MLOps'],
    accomplishments: ['Built the fraud model that saved $4M a year', 'Designed the experimentation platform behind every launch', 'Published at NeurIPS', 'Moved the warehouse to dbt and cut reporting time from days to hours', 'Shipped a recommendation system that lifted retention 8%'],
    places: ['a research lab', 'Netflix', 'a health-tech startup', 'a Kaggle team', 'the data platform team'],
  },
  {
    name: 'sales',
    roles: ['account executive', 'sales director', 'head of partnerships', 'customer success lead', 'revenue operations manager'],
    skills: ['Enterprise sales', 'Negotiation', 'Partnerships', 'Customer success', 'Business development', 'Salesforce', 'Revenue operations', 'Account management', 'Public speaking'],
    accomplishments: ["Closed the company's largest deal, a $2M enterprise contract", 'Built the partner channel that brings 40% of new revenue', 'Kept net revenue retention above 130% for two years', 'Hired and ramped a team of 12 AEs'],
    places: ['an enterprise SaaS company', 'Salesforce', 'a logistics startup', 'HubSpot', 'a sales kickoff'],
  },
  {
    name: 'finance',
    roles: ['CFO', 'financial analyst', 'controller', 'venture investor', 'investment banker'],
    skills: ['Financial modeling', 'Fundraising', 'Venture capital', 'Accounting', 'FP&A', 'M&A', 'Tax strategy', 'Risk management', 'Investor relations'],
    accomplishments: ['Led a $30M Series B', 'Closed three acquisitions in one year', 'Took the company through its first audit', 'Built the FP&A function from a spreadsheet to a team of six'],
    places: ['Goldman Sachs', 'a venture fund', 'a fintech startup', 'a Big Four firm', 'the finance team'],
  },
  {
    name: 'healthcare',
    roles: ['physician', 'nurse practitioner', 'clinical researcher', 'health-tech founder', 'hospital administrator'],
    skills: ['Clinical research', 'Patient care', 'Healthcare operations', 'Regulatory affairs', 'Digital health', 'Public health', 'Telemedicine', 'Medical devices', 'HIPAA compliance'],
    accomplishments: ['Ran a clinical trial across 14 sites', 'Launched a telemedicine service that serves 20k rural patients', 'Cut ER wait times by a third', 'Led the FDA clearance of a diagnostic device'],
    places: ['Kaiser Permanente', 'a teaching hospital', 'a digital-health startup', 'Mount Sinai', 'a community clinic'],
  },
  {
    name: 'education',
    roles: ['teacher', 'curriculum designer', 'edtech founder', 'university lecturer', 'learning designer'],
    skills: ['Curriculum design', 'Teaching', 'Instructional design', 'EdTech', 'Coaching', 'Workshop facilitation', 'Learning analytics', 'Public speaking', 'Writing'],
    accomplishments: ['Designed a coding bootcamp with a 90% placement rate', 'Taught 10,000 students online', 'Won a state teacher-of-the-year award', 'Built a reading program adopted by 40 schools'],
    places: ['a public high school', 'Khan Academy', 'a university', 'a bootcamp', 'a nonprofit'],
  },
  {
    name: 'marketing',
    roles: ['growth marketer', 'content lead', 'head of marketing', 'brand strategist', 'community manager'],
    skills: ['Growth marketing', 'Content strategy', 'SEO', 'Brand strategy', 'Community building', 'Copywriting', 'Lifecycle marketing', 'Paid acquisition', 'Social media'],
    accomplishments: ['Grew the newsletter to 200k subscribers', 'Ran the launch that topped Product Hunt', 'Built a community of 30k members', 'Cut acquisition cost in half with SEO'],
    places: ['a consumer brand', 'a media company', 'HubSpot', 'a DTC startup', 'a growth team'],
  },
];

export const CHARACTER_TRAITS: readonly string[] = [
  'Honest', 'Reliable', 'Generous', 'Curious', 'Calm under pressure', 'Kind', 'Humble', 'Resourceful', 'Direct',
  'Thoughtful', 'Patient', 'Optimistic', 'Accountable', 'Collaborative', 'Empathetic', 'Gritty', 'Organized', 'Creative',
];

/** Reasons for a recommendation; `{name}` is the recipient's first name, `{role}` and `{place}` from their community. */
export const REASON_TEMPLATES: readonly string[] = [
  'I worked with {name} for three years at {place}; {name} is the {role} I call first.',
  '{name} was my {role} at {place} and made everyone around them better.',
  'We built our first product together at {place}. {name} delivers, every time.',
  'I hired {name} as a {role} at {place} and would do it again tomorrow.',
  '{name} mentored me when I started at {place}; generous with time and honest with feedback.',
  'We met at {place}. {name} is one of the most trustworthy people I know.',
  '{name} took over a project in trouble at {place} and turned it around.',
  "I've seen {name} handle hard calls with integrity as a {role}.",
];

export const INVITE_MESSAGES: readonly string[] = [
  "I think you'd be a great addition to the community!",
  'Join me on Vouch — the people here are worth knowing.',
  'You should be on here; half of the people we worked with already are.',
];
