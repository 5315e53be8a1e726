/** npm run admin:grant -- someone@example.com : gives an existing account the admin flag. */
import { eq } from 'drizzle-orm';
import { databaseOptions, loadConfig, openDatabase, schema } from '@gl/core/server';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(64);
}
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  const rows = await database.db
    .update(schema.users)
    .set({ isAdmin: true })
    .where(eq(schema.users.email, email))
    .returning({ id: schema.users.id });
  if (rows.length === 0) {
    console.error(`No account with the email ${email}. Register it first.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now an administrator.`);
  }
} finally {
  await database.close();
}
