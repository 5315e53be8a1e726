import { useState } from 'react';
import type { CategoryId, Tone } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import { useCurrentTeam } from '../../lib/team';
import { CheckIcon, UserIcon } from '../icons';

type State = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; already: boolean } | { status: 'error'; message: string };

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
  const { user } = useAuth();
  const { data: current } = useCurrentTeam(user?.id);
  const [state, setState] = useState<State>({ status: 'idle' });
  const online = useOnline();
  if (!current || !current.team.active) return null;

  const save = async () => {
    setState({ status: 'saving' });
    try {
      const data = await api(`/teams/${current.team.id}/lines`, {
        method: 'POST',
        body: { text, category, tone },
      });
      setState({ status: 'saved', already: data.alreadySaved });
    } catch (err) {
      setState({ status: 'error', message: errorMessage(err, 'Failed to save to the team') });
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn-ghost px-2.5 py-1 text-xs"
        onClick={() => void save()}
        disabled={state.status === 'saving' || state.status === 'saved' || !online}
        title={online ? undefined : 'Saving to the team needs a connection'}
        aria-label={`Save line ${index + 1} to team`}
      >
        {state.status === 'saved' ? <CheckIcon className="h-3.5 w-3.5" /> : <UserIcon className="h-3.5 w-3.5" />}
        {state.status === 'saving'
          ? 'Saving...'
          : state.status === 'saved'
            ? state.already
              ? 'Already in team'
              : 'Saved to team'
            : 'Save to team'}
      </button>
      {state.status === 'error' && (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {state.message}
        </span>
      )}
    </>
  );
}
