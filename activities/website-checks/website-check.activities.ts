/**
 * The website check activity: collect the facts of the site — DNS, TLS, HTTP with the redirect
 * chain, content, RDAP registration — at once, derive the indicators and the risk level, and store
 * the result with its event. The facts go straight to PostgreSQL: page content (contact details)
 * never passes through Temporal. A URL the outbound guard refuses (private or reserved address,
 * credentials, another scheme) fails the check with `url_refused`.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { isIP } from 'node:net';
import { findWebsiteCheck } from '../../infra/db/repositories/website-checks.repository.js';
import { checkOutboundUrl, outboundPolicyFrom } from '../../infra/http/outbound-guard.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { FailureType } from '../../workflows/shared/failure-types.js';
import type { ActivityDeps } from '../activity-deps.js';
import { systemActor } from '../events/actor.model.js';
import { collectDnsFacts } from './facts/dns-facts.js';
import { collectHttpAndContent, type PageLimits } from './facts/http-content-facts.js';
import { collectRegistrationFacts } from './facts/registration-facts.js';
import { collectTlsFacts } from './facts/tls-facts.js';
import { riskIndicators, riskLevel } from './risk/website-risk.model.js';
import { finishWebsiteCheck } from './website-check.transitions.js';
import type { WebsiteFacts } from './website-facts.js';

const actor = systemActor('websiteCheckWorkflow');

export interface WebsiteCheckActivityOptions {
  /** DNS servers to ask instead of the system resolver's (tests run their own). */
  dnsServers?: string[];
  /** Overrides of the page fetch limits (tests shorten the deadline). */
  pageLimits?: Partial<PageLimits>;
}

export function createWebsiteCheckActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'config'>, options: WebsiteCheckActivityOptions = {}) {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  return {
    async runWebsiteCheck(input: { environment: Environment; websiteCheckId: string }): Promise<{ status: 'completed' | 'failed'; riskLevel: string | null }> {
      const row = await findWebsiteCheck(deps.db, input.environment, input.websiteCheckId);
      if (!row) throw ApplicationFailure.create({ type: FailureType.ResourceNotFound, nonRetryable: true, message: `website check ${input.websiteCheckId} does not exist` });
      if (row.status !== 'pending') return { status: row.status, riskLevel: row.risk_level };
      const heartbeat = setInterval(() => Context.current().heartbeat(), 5_000);
      try {
        let url: URL;
        try {
          url = checkOutboundUrl(row.url, policy);
        } catch (error) {
          return await refuse(input, (error as Error).message);
        }
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const [dns, tls, page, registration] = await Promise.all([
          collectDnsFacts(host, options.dnsServers ? { servers: options.dnsServers } : {}),
          collectTlsFacts(url.toString(), { policy, timeoutMs: 10_000, now: deps.clock() }),
          collectHttpAndContent(url.toString(), { policy, businessName: row.business_name, ...(options.pageLimits ? { limits: options.pageLimits } : {}) }),
          collectRegistrationFacts(url.toString(), { baseUrl: deps.config.RDAP_BASE_URL, policy, timeoutMs: 10_000 }),
        ]);
        const firstHop = page.http.redirects[0];
        if (firstHop?.refused) return await refuse(input, firstHop.error ?? 'refused');
        const facts: WebsiteFacts = { host_is_ip: isIP(host) !== 0, dns, tls, http: page.http, content: page.content, registration };
        const indicators = riskIndicators(facts, deps.clock());
        const level = riskLevel(indicators);
        await finishWebsiteCheck(deps.db, actor, input.environment, input.websiteCheckId, { status: 'completed', riskLevel: level, facts: facts as unknown as Record<string, unknown>, indicators, errors: [] }, deps.clock());
        return { status: 'completed', riskLevel: level };
      } finally {
        clearInterval(heartbeat);
      }
    },

    async failWebsiteCheck(input: { environment: Environment; websiteCheckId: string; code: string; detail: string }): Promise<void> {
      await finishWebsiteCheck(deps.db, actor, input.environment, input.websiteCheckId, { status: 'failed', riskLevel: null, facts: null, indicators: [], errors: [{ code: input.code, detail: input.detail }] }, deps.clock());
    },
  };

  async function refuse(input: { environment: Environment; websiteCheckId: string }, detail: string): Promise<{ status: 'failed'; riskLevel: null }> {
    await finishWebsiteCheck(deps.db, actor, input.environment, input.websiteCheckId, { status: 'failed', riskLevel: null, facts: null, indicators: [], errors: [{ code: 'url_refused', detail }] }, deps.clock());
    return { status: 'failed', riskLevel: null };
  }
}
