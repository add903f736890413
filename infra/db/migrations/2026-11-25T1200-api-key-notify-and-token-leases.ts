/**
 * Request throughput without losing exactness across API processes:
 *  - api_keys: a change that matters to authentication (revocation, scopes, hash, prefix,
 *    environment, deletion) notifies channel `api_key_changes` in the same transaction, so every
 *    API process drops its cached keys the moment it commits (last_used_at stamps do not notify);
 *  - lease_rate_limit_tokens: takes up to p_want whole tokens from a bucket at once (a process
 *    then spends them locally); the sum of leases can never exceed what the bucket holds. Given
 *    the bucket's API key, it also says whether the key is still active (no tokens for a revoked
 *    one), so a lease re-checks the key a process may have cached;
 *  - return_rate_limit_tokens: gives unspent leased tokens back (capped at the burst).
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_api_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('api_key_changes', coalesce(old.key_prefix, new.key_prefix));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger api_keys_notify_update after update on api_keys for each row
    when (old.revoked_at is distinct from new.revoked_at or old.scopes is distinct from new.scopes
          or old.key_hash is distinct from new.key_hash or old.key_prefix is distinct from new.key_prefix
          or old.environment is distinct from new.environment or old.name is distinct from new.name)
    execute function notify_api_key_change()`.execute(db);
  await sql`create trigger api_keys_notify_delete after delete on api_keys for each row execute function notify_api_key_change()`.execute(db);

  await sql`
    create function lease_rate_limit_tokens(p_key text, p_now timestamptz, p_rate_per_second double precision, p_burst double precision, p_want integer, p_api_key_id uuid)
    returns table (granted integer, remaining double precision, retry_after_seconds double precision, key_active boolean)
    language plpgsql as $$
    declare
      v_tokens double precision;
      v_refilled timestamptz;
      v_available double precision;
      v_granted integer;
    begin
      if p_api_key_id is not null and not exists (select 1 from api_keys k where k.id = p_api_key_id and k.revoked_at is null) then
        return query select 0, 0::double precision, 0::double precision, false;
        return;
      end if;
      insert into rate_limit_buckets as b (bucket_key, tokens, refilled_at)
        values (p_key, p_burst, p_now)
        on conflict (bucket_key) do nothing;
      select b.tokens, b.refilled_at into v_tokens, v_refilled from rate_limit_buckets b where b.bucket_key = p_key for update;
      v_available := least(p_burst, v_tokens + greatest(0, extract(epoch from (p_now - v_refilled))) * p_rate_per_second);
      v_granted := least(greatest(p_want, 1), floor(v_available))::integer;
      if v_granted >= 1 then
        update rate_limit_buckets set tokens = v_available - v_granted, refilled_at = greatest(p_now, v_refilled) where bucket_key = p_key;
        return query select v_granted, v_available - v_granted, 0::double precision, true;
      else
        update rate_limit_buckets set tokens = v_available, refilled_at = greatest(p_now, v_refilled) where bucket_key = p_key;
        return query select 0, v_available, (1 - v_available) / p_rate_per_second, true;
      end if;
    end $$`.execute(db);

  await sql`
    create function return_rate_limit_tokens(p_key text, p_now timestamptz, p_rate_per_second double precision, p_burst double precision, p_count integer)
    returns void language plpgsql as $$
    begin
      update rate_limit_buckets
        set tokens = least(p_burst, tokens + greatest(0, extract(epoch from (p_now - refilled_at))) * p_rate_per_second + p_count),
            refilled_at = greatest(p_now, refilled_at)
        where bucket_key = p_key;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function return_rate_limit_tokens`.execute(db);
  await sql`drop function lease_rate_limit_tokens`.execute(db);
  await sql`drop trigger api_keys_notify_delete on api_keys`.execute(db);
  await sql`drop trigger api_keys_notify_update on api_keys`.execute(db);
  await sql`drop function notify_api_key_change`.execute(db);
}
