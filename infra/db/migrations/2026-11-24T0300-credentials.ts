/**
 * Verifiable credentials: the issuer's signing keys (one active per environment, private keys
 * sealed at rest), the Bitstring Status Lists (revocation bits) with their index allocations, and
 * the credentials themselves.
 *
 * Invariants the database enforces, so no code path can break them:
 *  - at most one active signing key per environment (partial unique index): two processes
 *    creating the first key at once create one;
 *  - a status index is allocated once and never again: allocations are never updated or deleted
 *    (trigger), even by `staging reset`, which deletes credentials but not the lists;
 *  - a list's bit is set whenever its credential becomes revoked, or is deleted while still
 *    issued (staging reset), in the same transaction (trigger) — the published list cannot lag
 *    the records.
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table issuer_keys (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      kid text not null unique,
      public_jwk jsonb not null,
      private_key_sealed text not null,
      status text not null check (status in ('active', 'published', 'retired')),
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      retired_at timestamptz
    )`.execute(db);
  await sql`create unique index issuer_keys_one_active on issuer_keys (environment) where status = 'active'`.execute(db);

  // One row per list: `bits` is the bitstring itself (index 0 = most significant bit of byte 0).
  await sql`
    create table credential_status_lists (
      id uuid primary key default gen_random_uuid(),
      environment environment not null,
      sequence integer not null check (sequence >= 1),
      length integer not null check (length >= 131072 and length % 8 = 0),
      bits bytea not null,
      full_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (environment, sequence),
      check (octet_length(bits) * 8 = length)
    )`.execute(db);

  await sql`
    create table credential_status_allocations (
      list_id uuid not null references credential_status_lists (id),
      status_index integer not null check (status_index >= 0),
      credential_id uuid not null unique,
      allocated_at timestamptz not null default now(),
      primary key (list_id, status_index)
    )`.execute(db);
  await sql`
    create function credential_status_allocations_frozen() returns trigger language plpgsql as $$
    begin
      raise exception 'status list indexes are never reused: % on credential_status_allocations refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`
    create trigger credential_status_allocations_frozen before update or delete on credential_status_allocations
    for each row execute function credential_status_allocations_frozen()`.execute(db);

  await sql`
    create table credentials (
      id uuid primary key,
      environment environment not null,
      issuance_id uuid not null,
      credential_type text not null,
      status text not null check (status in ('pending', 'issued', 'failed', 'revoked')),
      subject_id text,
      claims jsonb,
      requested_valid_from timestamptz,
      valid_until timestamptz,
      session_id uuid,
      account_id uuid,
      business_id uuid,
      screening_id uuid,
      issuer text,
      kid text,
      jws text,
      status_list_id uuid references credential_status_lists (id),
      status_list_sequence integer,
      status_list_index integer,
      valid_from timestamptz,
      issued_at timestamptz,
      revoked_at timestamptz,
      revocation_reason text,
      errors jsonb,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (status_list_id, status_list_index)
    )`.execute(db);
  await sql`create index credentials_page on credentials (environment, created_at desc, id desc)`.execute(db);
  await sql`create index credentials_issuance on credentials (issuance_id)`.execute(db);
  await sql`create index credentials_subject on credentials (environment, subject_id)`.execute(db);

  // The bit of status index i: the spec numbers bits from the most significant bit of the first
  // byte; PostgreSQL's set_bit/get_bit number them from the least significant one.
  await sql`
    create function status_list_bit_number(p_index integer) returns integer language sql immutable as $$
      select (p_index / 8) * 8 + (7 - p_index % 8)
    $$`.execute(db);
  await sql`
    create function credential_revocation_to_status_list() returns trigger language plpgsql as $$
    declare
      v_row credentials;
    begin
      if tg_op = 'DELETE' then
        if old.status <> 'issued' or old.status_list_id is null then return old; end if;
        v_row := old;
      else
        if new.status <> 'revoked' or old.status = 'revoked' or new.status_list_id is null then return new; end if;
        v_row := new;
      end if;
      update credential_status_lists
        set bits = set_bit(bits, status_list_bit_number(v_row.status_list_index), 1), updated_at = clock_timestamp()
        where id = v_row.status_list_id;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger credentials_revocation_bit after update of status or delete on credentials
    for each row execute function credential_revocation_to_status_list()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table credentials`.execute(db);
  await sql`drop function credential_revocation_to_status_list`.execute(db);
  await sql`drop function status_list_bit_number`.execute(db);
  await sql`drop table credential_status_allocations`.execute(db);
  await sql`drop function credential_status_allocations_frozen`.execute(db);
  await sql`drop table credential_status_lists`.execute(db);
  await sql`drop table issuer_keys`.execute(db);
}
