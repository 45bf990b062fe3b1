import { BillingOverview } from '../components/billing-overview';

/** Administration, Billing: plan and monthly price for the member count; no payment processing. */
export function Component() {
  return <BillingOverview />;
}
