import { useLocation } from 'react-router';

/**
 * Stands in for the sign-in page (pre-rendered, so not a route of the app's router) in tests of
 * the guards: it shows the address it was sent to, `?next=` included.
 */
export function SignInStandIn() {
  const location = useLocation();
  return <h1>Sign-in page {location.pathname + location.search}</h1>;
}
