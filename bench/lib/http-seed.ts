// What the HTTP bench runs against: a firm signed up through the API, an engagement, and many engagements seeded by SQL.
import pg from 'pg';

/** Signs a firm up through the API, mints an API token with the session; returns the token, firm and user ids. */
export async function seedFirm(
  base: string,
  firmName: string,
): Promise<{ token: string; firmId: string; userId: string }> {
  const email = `bench.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firmName, name: 'Bench Admin', email, password: 'correct horse battery staple' }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${await signup.text()}`);
  const body = (await signup.json()) as { user: { id: string }; firm: { id: string }; csrfToken: string };
  const cookie = signup.headers.getSetCookie()[0].split(';')[0];
  const tok = await fetch(`${base}/api/v1/settings/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': body.csrfToken },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (tok.status !== 201) throw new Error(`token ${tok.status} ${await tok.text()}`);
  return { token: ((await tok.json()) as { token: string }).token, firmId: body.firm.id, userId: body.user.id };
}

export async function createEngagement(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/engagements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ targetEntity: 'Bench Industries Pvt Ltd', statute: 'RULE_11UA' }),
  });
  if (res.status !== 201) throw new Error(`create engagement ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

// Crockford base32 of the low `len`×5 bits of n (ULID alphabet), as src/lib/ids.ts's ulid() writes them.
export const CROCKFORD_SQL = `CREATE FUNCTION pg_temp.crockford(n bigint, len int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> (5 * (len - 1 - k))) & 31)::int + 1, 1), '' ORDER BY k)
    FROM generate_series(0, len - 1) AS k $$`;

/**
 * `rows` engagements for one firm by SQL: ids eng_ + 10 chars of time (1 ms apart, ending an hour ago, so they sort by
 * time and before anything the API creates) + 16 random chars, as the service's ULIDs.
 */
export async function seedEngagements(
  client: pg.Client,
  firmId: string,
  userId: string,
  rows: number,
): Promise<number> {
  const started = Date.now();
  await client.query(
    `INSERT INTO engagements (id, firm_id, target_entity, statute, status, valuation_date, created_by, created_at, updated_at)
     SELECT 'eng_' || pg_temp.crockford(t.ms, 10) || pg_temp.crockford((random() * 1099511627775)::bigint, 8)
              || pg_temp.crockford((random() * 1099511627775)::bigint, 8),
            $1, 'Seeded Company ' || t.i || ' Pvt Ltd', 'RULE_11UA', 'CREATED', current_date, $2,
            to_timestamp(t.ms / 1000.0), to_timestamp(t.ms / 1000.0)
       FROM (SELECT i, $4::bigint - $3::bigint + i AS ms FROM generate_series(1, $3::int) AS i) AS t`,
    [firmId, userId, rows, Date.now() - 3_600_000],
  );
  return (Date.now() - started) / 1000;
}
