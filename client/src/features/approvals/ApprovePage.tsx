import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import {
  APPROVAL_PIN_INPUT_PATTERN,
  APPROVAL_PIN_MAX_DIGITS,
  APPROVAL_PIN_MIN_DIGITS,
  APPROVAL_PIN_PATTERN,
  APPROVAL_REVIEWER_NAME_MAX,
  type ApprovalDecision,
  type PublicApprovalDto,
  type UiLanguage,
} from '@gl/core/types';
import { ApiError, errorMessage } from '../../platform/api';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import ApprovalLineCard from './ApprovalLineCard';
import ApproveHeader from './ApproveHeader';
import { keepTabPin, tabPin, titleFromServer } from './approve-path';
import { rememberReviewerName, reviewerName as storedName, type QueuedDecision } from './approval-queue';
import { useApprovalWords } from './approval-words';
import { useApprovalRoom, useDecide, useFlushWhenOnline, useOnline, usePendingDecisions, usePublicApproval } from './public-approval';

/**
 * `/approve/:token` and `/sw/approve/:token`: the page a business's client opens, without an
 * account, to approve the lines shared with them. The link carries the language; only the shared
 * lines, their title and note are shown.
 */
export default function ApprovePage() {
  const { token = '' } = useParams();
  const lang: UiLanguage = useLocation().pathname.startsWith('/sw/') ? 'sw' : 'en';
  const wordsReady = useApprovalWords(lang);
  const [pin, setPin] = useState(() => tabPin(token));
  const approval = usePublicApproval(token, pin);
  return (
    <div lang={lang} className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {wordsReady ? (
        <ApproveBody
          token={token}
          lang={lang}
          pin={pin}
          onPin={(p) => {
            keepTabPin(token, p);
            setPin(p);
          }}
          approval={approval}
        />
      ) : (
        <div className="min-h-dvh" aria-busy="true">
          {/* The heading the server wrote into the page stays while the page's words arrive. */}
          {titleFromServer() && (
            <main className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6">
              <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">{titleFromServer()}</h1>
            </main>
          )}
        </div>
      )}
    </div>
  );
}

function ApproveBody({
  token,
  lang,
  pin,
  onPin,
  approval,
}: {
  token: string;
  lang: UiLanguage;
  pin: string;
  onPin(pin: string): void;
  approval: ReturnType<typeof usePublicApproval>;
}) {
  const { t } = useTranslation('approvals');
  const data = approval.data;
  useEffect(() => {
    document.title = data ? `${data.title} · ${t('page.titleSuffix')}` : t('page.titleSuffix');
  }, [data, t]);
  const notFound = approval.error instanceof ApiError && approval.error.status === 404;
  return (
    <>
      <ApproveHeader token={token} lang={lang} languageLabel={t('page.language')} />
      <main className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6">
        {notFound ? (
          <PinGate tried={pin} onPin={onPin} checking={approval.isFetching} />
        ) : data ? (
          <ApprovalLines token={token} pin={pin} approval={data} />
        ) : approval.isError ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('page.unreachable')}</h1>
            <div className="mt-4 space-y-3">
              <Notice kind="error">{errorMessage(approval.error, t('page.unreachable'))}</Notice>
              <button type="button" className="btn-secondary tap px-4 py-2 text-sm" onClick={() => void approval.refetch()}>
                {t('page.retry')}
              </button>
            </div>
          </>
        ) : (
          <div role="status" aria-live="polite">
            <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">
              {titleFromServer() ?? t('page.loading')}
            </h1>
            <div aria-hidden="true" className="mt-6 space-y-3">
              <div className="h-28 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800" />
              <div className="h-28 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800" />
            </div>
          </div>
        )}
      </main>
    </>
  );
}

/** The one not-found state: the server does not say why (unknown, expired, revoked, or a PIN needed), so the page offers the PIN. */
function PinGate({ tried, onPin, checking }: { tried: string; onPin(pin: string): void; checking: boolean }) {
  const { t } = useTranslation('approvals');
  const id = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(Boolean(tried));
  return (
    <section aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`} className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('gate.title')}
      </h1>
      <p className="mt-2 text-base text-slate-700 dark:text-slate-300">{t('gate.body')}</p>
      {open ? (
        <form
          className="card mt-5 space-y-3 p-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (APPROVAL_PIN_PATTERN.test(value)) onPin(value);
          }}
        >
          <Field
            id={`${id}-pin`}
            label={t('gate.pinLabel')}
            hint={t('gate.pinHint')}
            value={value}
            onChange={(v) => setValue(v.replace(/\D/g, '').slice(0, APPROVAL_PIN_MAX_DIGITS))}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={APPROVAL_PIN_INPUT_PATTERN}
            minLength={APPROVAL_PIN_MIN_DIGITS}
            maxLength={APPROVAL_PIN_MAX_DIGITS}
            autoFocus
          />
          {tried && !checking && <Notice kind="error">{t('gate.wrongPin')}</Notice>}
          <button type="submit" className="btn-primary tap w-full px-4 py-2.5 text-base sm:w-auto" disabled={checking}>
            {checking ? t('gate.checking') : t('gate.open')}
          </button>
        </form>
      ) : (
        <button type="button" className="btn-secondary tap mt-5 px-4 py-2.5 text-base" onClick={() => setOpen(true)}>
          {t('gate.havePin')}
        </button>
      )}
      <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">{t('gate.askSender')}</p>
    </section>
  );
}

function ApprovalLines({ token, pin, approval }: { token: string; pin: string; approval: PublicApprovalDto }) {
  const { t } = useTranslation('approvals');
  const online = useOnline();
  const pending = usePendingDecisions(token);
  const { decide, send } = useDecide(token, pin);
  useFlushWhenOnline(token, send.mutate);
  useApprovalRoom(token, pin);
  const [name, setName] = useState(storedName);
  const [askName, setAskName] = useState(false);

  // What the reviewer decided but has not sent yet shows as decided.
  const unsent = new Map<string, QueuedDecision>();
  for (const d of pending) if (d.decision !== 'comment') unsent.set(d.lineId, d);
  const lines = approval.lines.map((l) => {
    const d = unsent.get(l.id);
    // A decision on an older version no longer says anything about the new text.
    if (d?.version !== undefined && d.version !== l.version) return l;
    return d ? { ...l, state: d.decision === 'approve' ? ('approved' as const) : ('changes_requested' as const) } : l;
  });
  const unsentLines = new Set(pending.map((d) => d.lineId));
  const remaining = lines.filter((l) => l.state === 'pending');
  const decided = lines.length - remaining.length;

  const take = (items: Array<{ lineId: string; version: number; decision: ApprovalDecision; comment?: string }>): boolean => {
    const reviewer = name.trim() || storedName();
    if (!reviewer) {
      setAskName(true);
      document.getElementById(NAME_FIELD)?.focus();
      return false;
    }
    const madeAt = new Date().toISOString();
    decide(items.map((i) => ({ ...i, reviewerName: reviewer, madeAt })));
    return true;
  };

  return (
    <>
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">{approval.title}</h1>
      {approval.note && (
        <p className="mt-2 whitespace-pre-line break-words text-base text-slate-700 dark:text-slate-300">{approval.note}</p>
      )}

      <ReviewerNameBox name={name} setName={setName} ask={askName} />

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {t('page.progress', { decided, total: lines.length })}
        </p>
        {remaining.length > 0 && (
          <button
            type="button"
            className="btn-primary tap px-4 py-2 text-sm"
            onClick={() => take(remaining.map((l) => ({ lineId: l.id, version: l.version, decision: 'approve' })))}
          >
            {t('page.approveAll', { count: remaining.length })}
          </button>
        )}
      </div>

      {pending.length > 0 && (
        <div className="mt-4">
          <Notice kind="info">
            {online ? t('page.sending', { count: pending.length }) : t('page.offline', { count: pending.length })}
          </Notice>
        </div>
      )}
      {send.isError && !(send.error instanceof ApiError && send.error.isNetworkError) && (
        <div className="mt-4">
          <Notice kind="error">{errorMessage(send.error, t('page.sendFailed'))}</Notice>
        </div>
      )}

      <ol className="mt-5 space-y-4">
        {lines.map((line, i) => (
          <ApprovalLineCard
            key={line.id}
            line={line}
            number={i + 1}
            unsent={unsentLines.has(line.id)}
            onDecide={(decision, comment) => take([{ lineId: line.id, version: line.version, decision, ...(comment ? { comment } : {}) }])}
          />
        ))}
      </ol>
      {remaining.length === 0 && lines.length > 0 && pending.length === 0 && (
        <div className="mt-6">
          <Notice kind="success">{t('page.allDecided')}</Notice>
        </div>
      )}
    </>
  );
}

const NAME_FIELD = 'approval-reviewer-name';

/** The reviewer's name: asked once, kept on this device for every link. */
function ReviewerNameBox({ name, setName, ask }: { name: string; setName(name: string): void; ask: boolean }) {
  const { t } = useTranslation('approvals');
  const [editing, setEditing] = useState(!storedName());
  const [draft, setDraft] = useState(name);
  if (!editing) {
    return (
      <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        {t('name.decidingAs', { name })}
        <button
          type="button"
          className="tap font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
          onClick={() => setEditing(true)}
        >
          {t('name.change')}
        </button>
      </p>
    );
  }
  return (
    <form
      className="card mt-4 space-y-3 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        const v = draft.trim();
        if (!v) return;
        rememberReviewerName(v);
        setName(v);
        setEditing(false);
      }}
    >
      <Field
        id={NAME_FIELD}
        label={t('name.label')}
        hint={t('name.hint')}
        value={draft}
        onChange={setDraft}
        maxLength={APPROVAL_REVIEWER_NAME_MAX}
        autoComplete="name"
      />
      {ask && <Notice kind="error">{t('name.needed')}</Notice>}
      <button type="submit" className="btn-primary tap px-4 py-2 text-sm">
        {t('name.save')}
      </button>
    </form>
  );
}
