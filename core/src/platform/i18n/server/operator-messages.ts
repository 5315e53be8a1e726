/**
 * Messages of the api that stay English on purpose: no user of the app reads them. Each has the
 * reason; the catalogue test (catalogue-coverage.test.ts) accepts these and nothing else untranslated.
 */
export const OPERATOR_MESSAGES: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /^Only administrators can open the queue dashboard$/, reason: 'the admin queue dashboard (operators)' },
  { pattern: /^Sign in as an administrator first$/, reason: 'the admin queue dashboard (operators)' },
  { pattern: /^Your admin session has (expired|ended)\. Sign in again\.$/, reason: 'the admin queue dashboard (operators)' },
  { pattern: /^Cross-site request refused$/, reason: 'the admin queue dashboard (operators)' },
  { pattern: /^Metrics are only served to the private network or with the metrics token$/, reason: '/metrics (monitoring)' },
  { pattern: /^No route for /, reason: 'an /api path that does not exist: a programming error, not a user’s' },
  { pattern: /^Undeclared error status: /, reason: 'STRICT_DECLARED_ERRORS in tests: a programming error' },
  { pattern: /^Request was aborted$/, reason: 'the client went away: nobody reads the answer' },
  { pattern: /^The transaction is being processed$/, reason: "Daraja's own words, compared with its answer, never sent" },
  {
    pattern:
      /^(Webhook signature could not be verified|Webhook verification is unavailable right now|This event is being handled right now\. Please deliver it again later\.)$/,
    reason: "answered to PayPal's webhook delivery, not to a person",
  },
];

/** Whether `message` is one of the operator-only messages that stay English. */
export const isOperatorMessage = (message: string): boolean => OPERATOR_MESSAGES.some((m) => m.pattern.test(message));
