import { CustomersSettings } from '../components/customers-settings';

/** Administration, Customers: the same list and form as Settings, Customers. */
export function Component() {
  return <CustomersSettings />;
}
