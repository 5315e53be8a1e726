/** npm run paypal:sync : creates (or finds again) the PayPal product and plans and stores their ids. */
import { databaseOptions, loadConfig, openDatabase, PaypalClient, syncPaypalCatalog } from '@gl/core/server';

const config = loadConfig();
if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) {
  console.error('Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (and PAYPAL_BASE_URL for the sandbox) first.');
  process.exit(64);
}
const database = await openDatabase(databaseOptions(config));
try {
  const client = new PaypalClient({
    baseUrl: config.PAYPAL_BASE_URL,
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
  });
  for (const row of await syncPaypalCatalog(client, database.db))
    console.log(`${row.created ? 'created' : 'found  '} ${row.key} ${row.id}`);
} catch (err) {
  console.error(`PayPal sync failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
