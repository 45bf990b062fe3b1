import type { SignupPolicy } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { useSignupPolicy } from '@web/features/company/api/get-signup-policy';
import { useUpdateSignupPolicy } from '@web/features/company/api/update-signup-policy';

/**
 * The invite step's question of who may join without an invitation (decision 006's policy), so a
 * founder chooses it rather than finding later that the company was open to anyone with its address
 * (a Danish team's walk: a stranger who signed up landed in the company and saw its numbers). Where
 * the policy is not enforced (several companies on one server: joining always takes an invitation)
 * it is not asked. The access code itself is set in Administration, Users; a policy that needs it
 * shows here as chosen.
 */
export function JoinPolicyChoice() {
  const { t } = useTranslation('settings');
  const policy = useSignupPolicy();
  const update = useUpdateSignupPolicy();
  // Its own room while it loads, so the invitation form below does not move when it comes; a policy
  // that cannot be read leaves the question out (Administration, Users says why and retries).
  if (policy.isPending) return <Skeleton className="mb-6 h-[7.5rem] rounded-lg" aria-hidden />;
  if (!policy.data?.enforced) return null;
  const options: SignupPolicy[] = policy.data.policy === 'access_code' ? ['open', 'access_code', 'invite_only'] : ['open', 'invite_only'];
  const choose = (next: SignupPolicy) => {
    // One choice at a time: answers of two overlapping saves could arrive in either order.
    if (update.isPending || next === policy.data?.policy) return;
    update.mutate(
      { policy: next },
      {
        onSuccess: (saved) => toast.success(t('setup.joinPolicy.saved', { policy: t(`setup.joinPolicy.${saved.policy}`) })),
        onError: (error) => toast.error(t('setup.joinPolicy.saveError'), { description: error.message }),
      },
    );
  };
  return (
    <div className="mb-6 rounded-lg border bg-muted/40 p-4">
      <SegmentedChoice
        legend={t('setup.joinPolicy.legend')}
        name="join-policy"
        value={update.isPending ? update.variables.policy : policy.data.policy}
        options={options.map((value) => ({ value, label: t(`setup.joinPolicy.${value}`) }))}
        onChange={choose}
        help={t('setup.joinPolicy.hint')}
      />
    </div>
  );
}
