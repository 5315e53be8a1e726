import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useSaveTimeZone } from './account';
import { browserTimeZone, showClock, useTimeReader } from '../../platform/time-zone';
import { timeZoneOptions } from './time-zone-options';
import { SelectField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { Section } from './Section';

/**
 * The account's time zone (DESIGN.md §20): every time on these pages and in its e-mails is shown in
 * it, and the daily quota resets at its midnight. Zones are grouped by region; this device's is
 * marked and offered in one tap when the account has another.
 */
export function TimeZoneSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const reader = useTimeReader();
  const save = useSaveTimeZone();
  const online = useOnline();
  const id = useId();
  const device = browserTimeZone();
  const current = reader.timeZone;
  const groups = useMemo(() => timeZoneOptions([current, device]), [current, device]);
  // ~420 options: built once per zone list and language, so a re-render of the page does not rebuild them.
  const options = useMemo(
    () =>
      groups.map((group) => (
        <optgroup key={group.region} label={t(`timeZone.regions.${group.region}`)}>
          {group.zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.id === device ? t('timeZone.thisDevice', { zone: zone.label }) : zone.label}
            </option>
          ))}
        </optgroup>
      )),
    [groups, device, t],
  );
  const choose = (next: string) => {
    if (next !== current && online) save.mutate(next);
  };
  return (
    <Section title={t('timeZone.title')} lead={t('timeZone.lead')} needs={t('timeZone.needs')}>
      <div className="grid gap-4 sm:max-w-md">
        <SelectField
          id={id}
          label={t('timeZone.label')}
          hint={t('timeZone.now', { time: showClock(new Date(), reader) })}
          value={current}
          disabled={save.isPending || !online}
          onChange={choose}
        >
          {options}
        </SelectField>
        {device !== current && (
          <button
            type="button"
            className="btn-secondary min-h-11 justify-self-start text-sm"
            disabled={save.isPending || !online}
            onClick={() => choose(device)}
          >
            {t('timeZone.useDevice', { zone: device })}
          </button>
        )}
        {save.isSuccess && user.timeZone === current && <Notice kind="success">{t('timeZone.saved')}</Notice>}
        {save.isError && <Notice kind="error">{errorMessage(save.error, t('timeZone.failed'))}</Notice>}
      </div>
    </Section>
  );
}
