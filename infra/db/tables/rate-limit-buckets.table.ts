/** Token buckets for rate limits, shared by every API process through the database. */
export interface RateLimitBucketsTable {
  bucket_key: string;
  tokens: number;
  refilled_at: Date;
}
