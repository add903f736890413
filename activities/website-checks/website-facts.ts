/**
 * The facts a website check stores (`facts` of the record), in one shape: DNS, TLS, HTTP (the
 * redirect chain with every hop as the guard saw it), content (with the business name match)
 * and the RDAP registration date.
 */
import type { ContentFacts } from './content/content-facts.model.js';
import type { DnsFacts } from './facts/dns-facts.js';
import type { TlsFacts } from './facts/tls-facts.js';

export interface RedirectHop {
  url: string;
  status: number | null;
  location: string | null;
  response_time_ms: number | null;
  error: string | null;
  refused: boolean;
}

export interface HttpFacts {
  /** The final answer's status; null when no page was reached. */
  status: number | null;
  final_url: string | null;
  /** Every request made, the first included. */
  redirects: RedirectHop[];
  cross_domain_redirect: boolean;
  hsts: string | null;
  /** Time to the final answer's headers. */
  response_time_ms: number | null;
  content_type: string | null;
  body_bytes: number;
  /** The body was cut at the size cap. */
  truncated: boolean;
  error: string | null;
}

export interface WebsiteContentFacts extends ContentFacts {
  /** null when no business_name was given. */
  business_name_found: boolean | null;
  business_name_match: { score: number; text: string | null } | null;
}

export interface RegistrationFacts {
  source: 'rdap';
  registration_date: string | null;
  error: string | null;
}

export interface WebsiteFacts {
  host_is_ip: boolean;
  dns: DnsFacts | null;
  tls: TlsFacts | null;
  http: HttpFacts;
  content: WebsiteContentFacts | null;
  registration: RegistrationFacts | null;
}
