import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

/** A Bitstring Status List (revocation) of one environment: v<sequence> in its URL. */
export interface CredentialStatusListsTable {
  id: Generated<string>;
  environment: Environment;
  sequence: number;
  /** Entries (bits); at least 131,072. */
  length: number;
  /** The bitstring: index 0 is the most significant bit of the first byte. */
  bits: ColumnType<Buffer, Buffer, Buffer>;
  /** Set when no free index was left; new allocations go to the next list. */
  full_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type CredentialStatusListRow = Selectable<CredentialStatusListsTable>;

/** Which credential holds which index of which list: inserted once, never changed or removed. */
export interface CredentialStatusAllocationsTable {
  list_id: string;
  status_index: number;
  credential_id: string;
  allocated_at: ColumnType<Date, Date | undefined, never>;
}
export type CredentialStatusAllocationRow = Selectable<CredentialStatusAllocationsTable>;
