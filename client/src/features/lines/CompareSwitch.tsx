import { useTranslation } from 'react-i18next';
import { COMPARE_MAX } from './compare';
import Switch from '../../ui/Switch';
import { LockIcon } from '../../ui/icons';
import UpgradeHint, { unlockPlan } from './UpgradeHint';
import type { GenerateFormState } from './use-generate-form';

/** "Compare tones": one brief in 2 or 3 tones side by side (locked below the plan that has it). */
export default function CompareSwitch({ compare }: { compare: GenerateFormState['compare'] }) {
  const { t } = useTranslation(['generate', 'catalog']);
  return (
    <Switch
      label={
        <>
          {t('compare.label')} {compare.locked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}
        </>
      }
      checked={compare.on}
      disabled={compare.locked}
      onChange={compare.set}
      hint={
        compare.locked ? (
          <UpgradeHint link={t('form.upgrade')}>
            {t('compare.locked', { plan: t(`catalog:plan.${unlockPlan((p) => p.limits.toneComparison)}`) })}
          </UpgradeHint>
        ) : compare.on ? (
          t('compare.picking', { count: compare.tones.length, max: COMPARE_MAX })
        ) : (
          t('compare.off')
        )
      }
    />
  );
}
