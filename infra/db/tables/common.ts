/** Column types shared by every resource table. */
export type Environment = 'production' | 'staging';
export const ENVIRONMENTS: readonly Environment[] = ['production', 'staging'];
