// One short-lived `pg` connection for a test's own SQL on a PostgreSQL URL (creating or dropping a
// database, counting rows outside the app), closed whatever happens.
import pg from "pg";

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
