/** Small zod pieces the catalog's payload schemas share. */
import { z } from 'zod';

export const id = z.uuid();
export const nullableId = z.uuid().nullable();
export const codes = z.array(z.string()).describe('error codes, never personal data');
export const environmentName = z.enum(['production', 'staging']);
