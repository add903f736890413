/** FollowTheMoney schemata that are screening targets, and the entity kind each becomes. */
import type { EntityKind } from '../list-entity.js';

export const KIND_BY_FTM_SCHEMA: Readonly<Record<string, EntityKind>> = {
  Person: 'person',
  Organization: 'organization',
  Company: 'organization',
  LegalEntity: 'organization',
  PublicBody: 'organization',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};
