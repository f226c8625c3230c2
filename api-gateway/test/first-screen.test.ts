import { PAGE_INTROS, CURRENT_PLAN_TEXT } from '@vouch/contracts';
import { firstScreenHtml, type CurrentPlan } from '../src/first-screen';

const subscription = (plan: CurrentPlan) => firstScreenHtml({ page: 'signed-in', intro: PAGE_INTROS['/subscription'], plan });

describe("the Subscription page's first screen (issue 41)", () => {
  it('says a paid plan has no billing portal only where billing is not Stripe', () => {
    const paid = { plan: { displayName: 'Network Pro' }, status: 'active', priceMonthlyUsd: 29 };
    expect(subscription({ ...paid, provider: 'local' })).toContain(CURRENT_PLAN_TEXT.localBilling);
    expect(subscription({ ...paid, provider: 'none' })).toContain(CURRENT_PLAN_TEXT.localBilling);
    const stripe = subscription({ ...paid, provider: 'stripe' });
    expect(stripe).not.toContain(CURRENT_PLAN_TEXT.localBilling);
    // The buttons' room is kept: they come with the app.
    expect(stripe).toContain('<div class="fs-pc-acts"><div></div></div>');
  });

  it("spells out Stripe's statuses, orange when the plan does not apply", () => {
    const card = subscription({ plan: { displayName: 'Network Catalyst' }, status: 'past_due', priceMonthlyUsd: 99, provider: 'stripe' });
    expect(card).toContain('<h2>Network Catalyst</h2><span class="fs-status fs-orange">past due</span>');
    expect(card).toContain('<b>$99</b> / month');
  });
});
