/** ApplicationFailure types shared by activities (which throw them) and workflows (which branch on them). */
export const FailureType = {
  /** Input can never succeed; do not retry. */
  InvalidInput: 'InvalidInput',
  /** The resource the workflow works on is gone. */
  ResourceNotFound: 'ResourceNotFound',
  /** An outside service answered with a permanent error. */
  PermanentUpstream: 'PermanentUpstream',
  /** An outside service is unavailable or rate limiting; retry. */
  TransientUpstream: 'TransientUpstream',
  /** A list file is malformed. */
  MalformedList: 'MalformedList',
} as const;

export type FailureType = (typeof FailureType)[keyof typeof FailureType];

export const NON_RETRYABLE_FAILURES: string[] = [
  FailureType.InvalidInput,
  FailureType.ResourceNotFound,
  FailureType.PermanentUpstream,
  FailureType.MalformedList,
];
