import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * PayPal's own OpenAPI documents, vendored in tests/vendor/paypal/ (Apache-2.0, LICENSE beside them;
 * see its README), to check what our server sends PayPal and what the simulator answers and delivers.
 */
const SPEC_DIR = new URL('../vendor/paypal/', import.meta.url);
const SPECS = {
  orders: 'checkout_orders_v2.json',
  subscriptions: 'billing_subscriptions_v1.json',
  products: 'catalogs_products_v1.json',
  webhooks: 'notifications_webhooks_v1.json',
} as const;

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
for (const [id, file] of Object.entries(SPECS)) ajv.addSchema(JSON.parse(readFileSync(new URL(file, SPEC_DIR), 'utf8')), id);
const cache = new Map<string, ValidateFunction>();

/**
 * Validates a request body against a component schema of a PayPal document, e.g.
 * `paypalSchemaErrors('subscriptions', 'subscription_request_post', body)`: [] when it conforms.
 */
export function paypalSchemaErrors(spec: keyof typeof SPECS, schema: string, body: unknown): string[] {
  const key = `${spec}#/components/schemas/${schema}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: key });
    cache.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
