import { MyWrapupThreads } from '@web/features/coaching/components/my-wrapup-threads';
import { WrapupScreen } from '@web/features/wrapup/routes/wrapup-page';

/** Daily Wrap-up (/app/wrapup): the rep's wrap-up screen, with their lead's comments under the form (decision 045). */
export function Component() {
  return <WrapupScreen conversations={<MyWrapupThreads />} />;
}
