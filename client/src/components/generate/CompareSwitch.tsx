import { COMPARE_MAX } from '../../lib/compare';
import Switch from '../Switch';
import { LockIcon } from '../icons';
import UpgradeHint, { unlockPlan } from './UpgradeHint';
import type { GenerateFormState } from './use-generate-form';

/** "Compare tones": one brief in 2 or 3 tones side by side (locked below the plan that has it). */
export default function CompareSwitch({ compare }: { compare: GenerateFormState['compare'] }) {
  return (
    <Switch
      label={<>Compare tones {compare.locked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}</>}
      checked={compare.on}
      disabled={compare.locked}
      onChange={compare.set}
      hint={
        compare.locked ? (
          <UpgradeHint link="Upgrade">
            See one brief in 2 or 3 tones side by side with the {unlockPlan((p) => p.limits.toneComparison)} plan.
          </UpgradeHint>
        ) : compare.on ? (
          `Pick 2 or 3 tones (${compare.tones.length}/${COMPARE_MAX}); each counts as one generation.`
        ) : (
          'One brief in 2 or 3 tones, side by side.'
        )
      }
    />
  );
}
