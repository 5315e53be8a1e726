import { useTranslation } from 'react-i18next';
import type { CategoryId, Tone } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useAuth } from '../accounts';
import { useCurrentTeam, useSaveToTeam } from './team';
import { CheckIcon, UserIcon } from '../../ui/icons';

/** "Save to team" beside "Save" on a generated line; shown only to members of an active team. */
export default function SaveToTeamButton({
  text,
  category,
  tone,
  index,
}: {
  text: string;
  category: CategoryId;
  tone: Tone;
  index: number;
}) {
  const { t } = useTranslation('team');
  const { user } = useAuth();
  const { data: current } = useCurrentTeam(user?.id);
  const save = useSaveToTeam(current?.team.id);
  const online = useOnline();
  if (!current || !current.team.active) return null;

  return (
    <>
      <button
        type="button"
        className="btn-ghost px-2.5 py-1 text-xs"
        onClick={() => save.mutate({ text, category, tone })}
        disabled={save.isPending || save.isSuccess || !online}
        title={online ? undefined : t('save.needs')}
        aria-label={t('save.label', { n: index + 1 })}
      >
        {save.isSuccess ? <CheckIcon className="h-3.5 w-3.5" /> : <UserIcon className="h-3.5 w-3.5" />}
        {save.isPending
          ? t('save.busy')
          : save.isSuccess
            ? save.data.alreadySaved
              ? t('save.already')
              : t('save.done')
            : t('save.submit')}
      </button>
      {save.isError && (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {errorMessage(save.error, t('save.failed'))}
        </span>
      )}
    </>
  );
}
