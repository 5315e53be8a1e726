import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentTeamDto, TeamRole } from '@gl/core/types';
import { api, errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import NeedsConnection from '../NeedsConnection';
import { teamKey, useTeamUsage } from '../../lib/team';
import { useConfirm } from '../ConfirmDialog';

const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Members with roles and this month's generations, invitations (owner, admins), leaving. */
export default function MembersPanel({ userId, current }: { userId: string; current: CurrentTeamDto }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const usage = useTeamUsage(userId, current.team.id);
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const teamId = current.team.id;
  const manager = current.role === 'owner' || current.role === 'admin';
  const owner = current.role === 'owner';
  /** Admins manage members; only the owner makes or removes admins. */
  const canRemove = (memberRole: TeamRole) => memberRole !== 'owner' && (owner || (manager && memberRole === 'member'));
  const online = useOnline();
  /** Changes need the team to be active and a connection (offline, the panel says so). */
  const writable = current.team.active && online;
  const generations = new Map(usage.data?.members.map((m) => [m.userId, m.generations]));

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setError(null);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      await qc.invalidateQueries({ queryKey: teamKey(userId) });
    }
  };

  const invite = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api(`/teams/${teamId}/invitations`, { method: 'POST', body: { email, role: owner ? role : 'member' } });
      setEmail('');
    }, `Invitation sent to ${email}.`);
  };

  const leave = () =>
    void run(async () => {
      await api(`/teams/${teamId}/leave`, { method: 'POST' });
      navigate('/team', { replace: true });
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="members-heading" className="card min-w-0 p-4 sm:p-6">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Members
        </h2>
        <NeedsConnection action="Changing the team" className="mt-3" />
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="team-members">
          {current.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900 dark:text-white">
                  {m.name} {m.userId === userId && <span className="text-sm font-normal text-slate-500">(you)</span>}
                </p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">{m.email}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{generations.get(m.userId) ?? 0} generations this month</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {current.role === 'owner' && m.role !== 'owner' && writable ? (
                  <select
                    aria-label={`Role of ${m.name}`}
                    className="field w-auto py-1"
                    value={m.role}
                    onChange={async (e) => {
                      const next = e.target.value as TeamRole;
                      if (
                        next === 'owner' &&
                        !(await confirm({
                          title: `Make ${m.name} the owner?`,
                          message: 'You become an admin, and the team then runs on their Business plan.',
                          confirmLabel: 'Transfer ownership',
                        }))
                      )
                        return;
                      void run(() => api(`/teams/${teamId}/members/${m.userId}`, { method: 'PUT', body: { role: next } }));
                    }}
                  >
                    <option value="member">Member</option>
                    <option value="admin">Admin</option>
                    <option value="owner">Owner (transfer)</option>
                  </select>
                ) : (
                  <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">
                    {ROLE_LABEL[m.role]}
                  </span>
                )}
                {writable && canRemove(m.role) && m.userId !== userId && (
                  <button
                    type="button"
                    className="btn-danger px-2.5 py-1 text-xs"
                    disabled={!online}
                    onClick={async () => {
                      const yes = await confirm({
                        title: `Remove ${m.name} from the team?`,
                        message: 'They lose access to the team library at once.',
                        confirmLabel: 'Remove',
                        destructive: true,
                      });
                      if (yes) void run(() => api(`/teams/${teamId}/members/${m.userId}`, { method: 'DELETE' }));
                    }}
                  >
                    Remove
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {current.role !== 'owner' && (
          <button
            type="button"
            className="btn-secondary mt-4 px-3 py-1.5 text-sm"
            disabled={!online}
            onClick={async () => {
              const yes = await confirm({
                title: 'Leave this team?',
                message: 'You lose access to the team library; your own saved lines stay yours.',
                confirmLabel: 'Leave team',
                destructive: true,
              });
              if (yes) leave();
            }}
          >
            Leave team
          </button>
        )}
        {error && (
          <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-300">
            {notice}
          </p>
        )}
      </section>

      {manager && (
        <section aria-labelledby="invite-heading" className="card min-w-0 p-4 sm:p-6">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Invite people
          </h2>
          <form onSubmit={invite} className="mt-4 grid gap-3">
            <div>
              <label htmlFor="invite-email" className="field-label">
                E-mail address
              </label>
              <input
                id="invite-email"
                type="email"
                className="field"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                maxLength={254}
              />
            </div>
            {owner ? (
              <div>
                <label htmlFor="invite-role" className="field-label">
                  Role
                </label>
                <select id="invite-role" className="field" value={role} onChange={(e) => setRole(e.target.value as 'member' | 'admin')}>
                  <option value="member">Member</option>
                  <option value="admin">Admin</option>
                </select>
              </div>
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="invite-role-note">
                You invite members. Only the team's owner can invite or remove admins.
              </p>
            )}
            <button type="submit" className="btn-primary py-2 text-sm" disabled={!writable || current.team.seatsUsed >= current.team.seats}>
              Send invitation
            </button>
            {current.team.seatsUsed >= current.team.seats && (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Every seat is taken: revoke an invitation or remove a member first.
              </p>
            )}
          </form>
          <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">Open invitations</h3>
          {current.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">None.</p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="team-invitations">
              {current.invitations.map((inv) => (
                <li key={inv.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
                  <p className="break-all font-medium text-slate-900 dark:text-white">{inv.email}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {ROLE_LABEL[inv.role]} · expires {new Date(inv.expiresAt).toLocaleDateString()}
                  </p>
                  <div className="mt-2 flex gap-2">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={!writable}
                      onClick={() =>
                        void run(
                          () => api(`/teams/${teamId}/invitations/${inv.id}/resend`, { method: 'POST' }),
                          `Sent again to ${inv.email}.`,
                        )
                      }
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={!writable}
                      onClick={() => void run(() => api(`/teams/${teamId}/invitations/${inv.id}`, { method: 'DELETE' }))}
                    >
                      Revoke
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {dialog}
    </div>
  );
}
