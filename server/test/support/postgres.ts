import pg from 'pg';

/**
 * Drops and creates the database a URL names, through the server's maintenance database, and
 * returns the URL; undefined when PostgreSQL cannot be reached.
 */
export async function freshDatabase(url: string): Promise<string | undefined> {
  const { target, name, admin } = adminFor(url);
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return target.toString();
}

function adminFor(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name: ${name}`);
  const maintenance = new URL(target);
  maintenance.pathname = '/postgres';
  return { target, name, admin: new pg.Client({ connectionString: maintenance.toString() }) };
}

/** Drops the database a URL names (the end of a test run). */
export async function dropDatabase(url: string): Promise<void> {
  const { name, admin } = adminFor(url);
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
