import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PLANS, getPlan, teamRoleMeets, type BrandBody, type BrandDto } from '@gl/core/types';
import PageLoader from '../../ui/PageLoader';
import NeedsConnection from '../../ui/NeedsConnection';
import BrandForm from './BrandForm';
import SignInWall from '../library/SignInWall';
import { TrashIcon } from '../../ui/icons';
import { useConfirm } from '../../ui/ConfirmDialog';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useAuth } from '../accounts/auth';
import { useBrands, useDeleteBrand, useSaveBrand } from './brands';
import { useCurrentPlan } from '../billing/plan';
import { useCurrentTeam } from '../teams/team';

/** Marks a kit shared with the team (account list; the /generate picker says "Team" in the option). */
export function TeamBadge() {
  const { t } = useTranslation('brands');
  return (
    <span className="chip ml-1 bg-violet-50 align-middle text-xs font-medium text-violet-800 dark:bg-violet-500/10 dark:text-violet-200">
      {t('page.team')}
    </span>
  );
}

export default function BrandsPage() {
  const { user, isAuthenticated, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !user) return <SignInWall />;
  return <BrandKits userId={user.id} />;
}

function BrandKits({ userId }: { userId: string }) {
  const { t } = useTranslation(['brands', 'catalog']);
  const plan = useCurrentPlan();
  const brands = useBrands();
  const [editing, setEditing] = useState<BrandDto | 'new' | null>(null);
  const saving = useSaveBrand(userId);
  const deleting = useDeleteBrand(userId);
  const error = saving.error ? errorMessage(saving.error, t('page.saveFailed')) : '';
  const current = useCurrentTeam(userId).data;
  const online = useOnline();
  const { confirm, dialog } = useConfirm();
  const limit = plan.limits.brandKits;
  const list = brands.data ?? [];
  const withKits = PLANS.find((p) => p.limits.brandKits > 0);
  // The team's owner and admins share new kits with it and edit its kits while the team is active.
  const managesTeam = Boolean(current && teamRoleMeets(current.role, 'manage') && current.team.active);
  const canEdit = (b: BrandDto) => !b.teamId || (managesTeam && b.teamId === current?.team.id);
  // What counts against this user's limit: their own kits, plus the team's if they own it.
  const counted = list.filter((b) => !b.teamId || teamRoleMeets(current?.role, 'own')).length;

  const save = (body: BrandBody, teamId?: string) => {
    if (editing === null) return;
    saving.mutate({ id: editing === 'new' ? undefined : editing.id, body, teamId }, { onSuccess: () => setEditing(null) });
  };

  const remove = async (brand: BrandDto) => {
    const yes = await confirm({
      title: t('page.confirmTitle', { name: brand.name }),
      message: t('page.confirmMessage'),
      confirmLabel: t('page.confirmDelete'),
      destructive: true,
    });
    if (yes) deleting.mutate(brand.id);
  };

  return (
    <div className="page">
      <h1 className="page-title">{t('page.title')}</h1>
      <p className="page-lead">{t('page.lead')}</p>

      {limit === 0 ? (
        <div className="card mt-8 max-w-xl p-6">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('page.locked', {
              plan: t(`catalog:plan.${withKits?.id ?? 'pro'}`),
              kits: withKits?.limits.brandKits ?? 3,
              business: t('catalog:plan.business'),
              businessKits: getPlan('business').limits.brandKits,
            })}
          </p>
          <Link to="/pricing" className="btn-primary mt-4 inline-flex px-5 py-2.5 text-sm">
            {t('page.upgrade')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
          <section aria-labelledby="kits-heading" className="grid h-fit gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="kits-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                {t('page.yourKits')}{' '}
                <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
                  {t('page.counted', { count: counted, limit })}
                </span>
              </h2>
              <button
                type="button"
                className="btn-primary px-4 py-2 text-sm"
                disabled={counted >= limit || editing !== null}
                onClick={() => {
                  saving.reset();
                  setEditing('new');
                }}
              >
                {t('page.new')}
              </button>
            </div>
            {editing === null && <NeedsConnection action={t('page.actionChanging')} />}
            {brands.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">{t('page.loading')}</p>}
            {brands.data && list.length === 0 && editing === null && (
              <p className="card p-5 text-sm text-slate-600 dark:text-slate-400">{t('page.empty')}</p>
            )}
            <ul className="grid gap-3">
              {list.map((b) => (
                <li key={b.id} className="card p-4" data-testid="brand-kit">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-slate-900 dark:text-white">
                        {b.name}
                        {b.teamId && (
                          <>
                            {' '}
                            <TeamBadge />
                          </>
                        )}
                      </p>
                      {b.audience && (
                        <p className="break-words text-sm text-slate-600 dark:text-slate-400">{t('page.for', { audience: b.audience })}</p>
                      )}
                    </div>
                    {canEdit(b) ? (
                      <div className="flex gap-1.5">
                        <button
                          type="button"
                          className="btn-ghost px-2.5 py-1 text-xs"
                          disabled={editing !== null}
                          onClick={() => setEditing(b)}
                        >
                          {t('page.edit')}
                        </button>
                        <button
                          type="button"
                          className="btn-ghost px-2.5 py-1 text-xs"
                          onClick={() => void remove(b)}
                          disabled={!online}
                          aria-label={t('page.deleteAria', { name: b.name })}
                        >
                          <TrashIcon className="h-3.5 w-3.5" />
                          {t('page.delete')}
                        </button>
                      </div>
                    ) : (
                      <p className="text-xs text-slate-600 dark:text-slate-400">{t('page.shared')}</p>
                    )}
                  </div>
                  {(b.wordsToUse.length > 0 || b.wordsToAvoid.length > 0) && (
                    <div className="mt-2 flex flex-wrap gap-1.5 text-xs">
                      {b.wordsToUse.map((w) => (
                        <span key={`u-${w}`} className="chip bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
                          {w}
                        </span>
                      ))}
                      {b.wordsToAvoid.map((w) => (
                        <span key={`a-${w}`} className="chip bg-rose-50 text-rose-800 line-through dark:bg-rose-500/10 dark:text-rose-200">
                          {w}
                        </span>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
          {editing !== null && (
            <section className="card h-fit p-5 sm:p-6" aria-label={t('page.formLabel')}>
              <BrandForm
                key={editing === 'new' ? 'new' : editing.id}
                initial={editing === 'new' ? undefined : editing}
                saving={saving.isPending}
                error={error}
                shareTeam={managesTeam && current ? { id: current.team.id, name: current.team.name } : undefined}
                onSave={save}
                onCancel={() => setEditing(null)}
              />
            </section>
          )}
        </div>
      )}
      {dialog}
    </div>
  );
}
