import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CATEGORY_IDS, type CategoryId } from '@gl/core/types';
import GenerateForm from './GenerateForm';
import ResultsPanel from './ResultsPanel';
import StatusLine from './StatusLine';
import { PageTitle } from '../../ui/PageTitle';
import UsageMeter from './UsageMeter';
import PhotoPicker from './photo/PhotoPicker';
import PhotoUploadStatus from './photo/PhotoUploadStatus';
import { Link } from 'react-router-dom';
import { useBrands } from '../brands';
import { useToneComparison } from './compare';
import { useGeneration } from './generation';
import { usePhotoGeneration } from './photo/photo-generation';
import { useCurrentPlan } from '../billing';
import { useSetUsage, useUsage } from './usage';

function categoryFromQuery(value: string | null): CategoryId | null {
  return value && (CATEGORY_IDS as readonly string[]).includes(value) ? (value as CategoryId) : null;
}

export default function GeneratePage() {
  const { t } = useTranslation(['generate', 'catalog']);
  const [params] = useSearchParams();
  const plan = useCurrentPlan();
  // Health (in <StatusLine/>) and usage are fetched in parallel on entering the page.
  const usage = useUsage();
  const setUsage = useSetUsage();
  const generation = useGeneration(setUsage);
  const { state, generate, regenerateLine, refineLine, retry } = generation;
  const photo = usePhotoGeneration(generation, setUsage);
  // The lines on show were written from a photo: retried with it, and not rewritten one by one.
  const [fromPhoto, setFromPhoto] = useState(false);
  const topicRef = useRef<HTMLTextAreaElement>(null);
  const describeInstead = () => {
    photo.clear();
    topicRef.current?.focus();
  };
  const comparison = useToneComparison(setUsage);
  const brands = useBrands();
  const [comparing, setComparing] = useState(false);

  const requested = categoryFromQuery(params.get('category'));
  const requestedLocked = requested !== null && !plan.limits.categories.includes(requested);
  const initialCategory: CategoryId = requested && !requestedLocked ? requested : 'taglines';
  const isBusy = (s: typeof state) => s.phase === 'submitting' || s.phase === 'pending' || s.phase === 'running';
  const busy = comparing ? comparison.slots.some((s) => isBusy(s.state)) : isBusy(state);
  const compared = comparison.slots.filter((s) => s.state.phase !== 'idle');
  const results = useRef<HTMLDivElement>(null);

  const submit = (request: Parameters<typeof generate>[0]) => {
    setFromPhoto(Boolean(photo.state.photo));
    if (photo.state.photo) void photo.send(request);
    else void generate(request);
    // On narrow screens the results sit below the form: bring them into view as lines arrive.
    if (window.matchMedia?.('(max-width: 1023px)').matches) results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const retryLines = () => {
    if (fromPhoto && photo.state.photo && state.request) void photo.send(state.request);
    else retry();
  };
  const regenerate = fromPhoto ? undefined : (i: number) => void regenerateLine(i);
  const compare = (request: Parameters<typeof generate>[0], tones: Parameters<typeof comparison.compare>[1]) => {
    void comparison.compare(request, tones);
    results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="page">
      <PageTitle title={t('page.title')} lead={t('page.lead')} aside={<StatusLine />} />

      {requestedLocked && requested && (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
          {t('page.lockedRequested', { category: t(`catalog:category.${requested}.name`) })}{' '}
          <Link to="/pricing" className="font-semibold underline underline-offset-2">
            {t('page.upgradeToUnlockThem')}
          </Link>
          {t('page.orStartWith', { category: t('catalog:category.taglines.name') })}
        </p>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)]">
        <div className="card h-fit p-5 sm:p-6">
          <h2 className="sr-only">{t('page.configuration')}</h2>
          <UsageMeter
            usage={usage.data}
            loading={usage.isPending}
            fallbackLimit={plan.limits.dailyGenerations}
            planName={t(`catalog:plan.${plan.id}`)}
          />
          <div className="mt-6">
            <GenerateForm
              key={`${plan.id}:${initialCategory}`}
              plan={plan}
              initialCategory={initialCategory}
              busy={busy}
              onSubmit={submit}
              brands={brands.data}
              onCompare={compare}
              onCompareMode={setComparing}
              submitLabel={photo.state.photo ? t('page.fromPhoto') : undefined}
              topicRef={topicRef}
              photo={
                <PhotoPicker plan={plan} state={photo.state} busy={busy} onPick={(file) => void photo.pick(file)} onClear={photo.clear} />
              }
            />
          </div>
        </div>
        {comparing ? (
          <div ref={results} className="scroll-mt-20">
            <div className={`grid gap-4 sm:grid-cols-2 ${compared.length === 3 ? 'xl:grid-cols-3' : ''}`} data-testid="compare-results">
              {compared.length === 0 ? (
                <ResultsPanel
                  state={state}
                  title={t('page.sideBySide')}
                  onRetry={retry}
                  onRegenerate={(i) => void regenerateLine(i)}
                  onRefine={(i, action, language) => void refineLine(i, action, language)}
                />
              ) : (
                compared.map((slot, i) => (
                  <ResultsPanel
                    key={i}
                    testId={`compare-${slot.state.request?.tone ?? i}`}
                    title={slot.state.request ? t(`catalog:tone.${slot.state.request.tone}`) : t('page.tone')}
                    state={slot.state}
                    onRetry={() => slot.retry()}
                    onRegenerate={(index) => void slot.regenerateLine(index)}
                    onRefine={(index, action, language) => void slot.refineLine(index, action, language)}
                  />
                ))
              )}
            </div>
          </div>
        ) : (
          <div ref={results} className="scroll-mt-20">
            <PhotoUploadStatus state={photo.state} onDescribeInstead={describeInstead} />
            <ResultsPanel
              state={state}
              onRetry={retryLines}
              onRegenerate={regenerate}
              onRefine={(i, action, language) => void refineLine(i, action, language)}
            />
          </div>
        )}
      </div>
    </div>
  );
}
