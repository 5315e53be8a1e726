import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EMAIL_MAX, teamRoleMeets, type CurrentTeamDto, type TeamRole } from '@gl/core/types';
import { intlLocale } from '../../platform/i18n/i18n';
import { showMoment } from '../../platform/time-zone';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import NeedsConnection from '../../ui/NeedsConnection';
import { useTeamChange, useTeamUsage, type TeamChange } from './team';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Field, SelectField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';

/** Members with roles and this month's generations, invitations (owner, admins), leaving. */
export default function MembersPanel({ userId, current }: { userId: string; current: CurrentTeamDto }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const usage = useTeamUsage(userId, current.team.id);
  const change = useTeamChange(userId, current.team.id);
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const manager = teamRoleMeets(current.role, 'manage');
  const owner = teamRoleMeets(current.role, 'own');
  /** Admins manage members; only the owner makes or removes admins (the server's rule). */
  const canRemove = (memberRole: TeamRole) =>
    memberRole !== 'owner' && teamRoleMeets(current.role, memberRole === 'admin' ? 'own' : 'manage');
  const online = useOnline();
  /** Changes need the team to be active and a connection (offline, the panel says so). */
  const writable = current.team.active && online;
  const generations = new Map(usage.data?.members.map((m) => [m.userId, m.generations]));
  const roleLabel = (r: TeamRole) => t(`roles.${r}`);
  const error = change.isError ? errorMessage(change.error, t('members.failed')) : null;

  const run = (what: TeamChange, done?: string, after?: () => void) => {
    setNotice(null);
    change.mutate(what, {
      onSuccess: () => {
        after?.();
        if (done) setNotice(done);
      },
    });
  };

  const invite = (e: FormEvent) => {
    e.preventDefault();
    run({ kind: 'invite', email, role: owner ? role : 'member' }, t('invite.sent', { email }), () => setEmail(''));
  };

  const leave = () => run({ kind: 'leave' }, undefined, () => navigate('/team', { replace: true }));

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="members-heading" className="card min-w-0 p-4 sm:p-6">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('tabs.members')}
        </h2>
        <NeedsConnection action={t('members.needs')} className="mt-3" />
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="team-members">
          {current.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900 dark:text-white">
                  {m.name} {m.userId === userId && <span className="text-sm font-normal text-slate-500">{t('members.you')}</span>}
                </p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">{m.email}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('members.generations', {
                    count: generations.get(m.userId) ?? 0,
                    formatted: (generations.get(m.userId) ?? 0).toLocaleString(intlLocale()),
                  })}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {owner && m.role !== 'owner' && writable ? (
                  <select
                    aria-label={t('members.roleOf', { name: m.name })}
                    className="field w-auto py-1"
                    value={m.role}
                    onChange={async (e) => {
                      const next = e.target.value as TeamRole;
                      if (
                        next === 'owner' &&
                        !(await confirm({
                          title: t('members.transferTitle', { name: m.name }),
                          message: t('members.transferMessage'),
                          confirmLabel: t('members.transfer'),
                        }))
                      )
                        return;
                      run({ kind: 'role', userId: m.userId, role: next });
                    }}
                  >
                    <option value="member">{t('roles.member')}</option>
                    <option value="admin">{t('roles.admin')}</option>
                    <option value="owner">{t('members.ownerTransfer')}</option>
                  </select>
                ) : (
                  <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">{roleLabel(m.role)}</span>
                )}
                {writable && canRemove(m.role) && m.userId !== userId && (
                  <button
                    type="button"
                    className="btn-danger px-2.5 py-1 text-xs"
                    disabled={!online}
                    onClick={async () => {
                      const yes = await confirm({
                        title: t('members.removeTitle', { name: m.name }),
                        message: t('members.removeMessage'),
                        confirmLabel: t('members.remove'),
                        destructive: true,
                      });
                      if (yes) run({ kind: 'remove', userId: m.userId });
                    }}
                  >
                    {t('members.remove')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {!owner && (
          <button
            type="button"
            className="btn-secondary mt-4 px-3 py-1.5 text-sm"
            disabled={!online}
            onClick={async () => {
              const yes = await confirm({
                title: t('members.leaveTitle'),
                message: t('members.leaveMessage'),
                confirmLabel: t('members.leave'),
                destructive: true,
              });
              if (yes) leave();
            }}
          >
            {t('members.leave')}
          </button>
        )}
        {error && (
          <Notice kind="error" className="mt-3">
            {error}
          </Notice>
        )}
        {notice && (
          <Notice kind="success" className="mt-3">
            {notice}
          </Notice>
        )}
      </section>

      {manager && (
        <section aria-labelledby="invite-heading" className="card min-w-0 p-4 sm:p-6">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('invite.title')}
          </h2>
          <form onSubmit={invite} className="mt-4 grid gap-3">
            <Field id="invite-email" label={t('invite.email')} type="email" value={email} onChange={setEmail} maxLength={EMAIL_MAX} />
            {owner ? (
              <SelectField
                id="invite-role"
                label={t('invite.role')}
                required={false}
                value={role}
                onChange={(v) => setRole(v as 'member' | 'admin')}
              >
                <option value="member">{t('roles.member')}</option>
                <option value="admin">{t('roles.admin')}</option>
              </SelectField>
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="invite-role-note">
                {t('invite.roleNote')}
              </p>
            )}
            <button type="submit" className="btn-primary py-2 text-sm" disabled={!writable || current.team.seatsUsed >= current.team.seats}>
              {t('invite.submit')}
            </button>
            {current.team.seatsUsed >= current.team.seats && (
              <p className="text-xs text-slate-600 dark:text-slate-400">{t('invite.full')}</p>
            )}
          </form>
          <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">{t('invite.open')}</h3>
          {current.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('invite.none')}</p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="team-invitations">
              {current.invitations.map((inv) => (
                <li key={inv.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
                  <p className="break-all font-medium text-slate-900 dark:text-white">{inv.email}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('invite.expires', { role: roleLabel(inv.role), date: showMoment(inv.expiresAt) })}
                  </p>
                  <div className="mt-2 flex gap-2">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={!writable}
                      onClick={() => run({ kind: 'resend', invitationId: inv.id }, t('invite.resent', { email: inv.email }))}
                    >
                      {t('invite.resend')}
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-xs"
                      disabled={!writable}
                      onClick={() => run({ kind: 'revoke', invitationId: inv.id })}
                    >
                      {t('invite.revoke')}
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
