/**
 * What a webhook configuration may subscribe to and where it may deliver: a resource type that
 * emits events, statuses that type emits (each named when wrong), and a URL the SSRF guard would
 * let through — https in production (http only in staging or for allowlisted hosts).
 */
import { checkOutboundUrl, isAllowlisted, OutboundRefusedError, type OutboundPolicy } from '../../infra/http/outbound-guard.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { unprocessableError } from '../domain-error.model.js';
import { EVENT_RESOURCE_TYPES, eventFamily } from '../events/catalog/event-catalog.js';

export function checkSubscription(resourceType: string, statuses: readonly string[], pointerBase = '/data/attributes'): void {
  const family = eventFamily(resourceType);
  if (!family) {
    throw unprocessableError('unknown_resource_type', `resource_type must be one of ${EVENT_RESOURCE_TYPES.join(', ')}`, `${pointerBase}/resource_type`);
  }
  statuses.forEach((status, index) => {
    if (!family.statuses.includes(status)) {
      throw unprocessableError('unknown_status', `${JSON.stringify(status)} is not a status of ${resourceType}; use ${family.statuses.join(', ')}`, `${pointerBase}/subscribed_statuses/${index}`);
    }
  });
}

export function checkDeliveryUrl(url: string, environment: Environment, policy: OutboundPolicy, pointer = '/data/attributes/url'): void {
  let parsed: URL;
  try {
    parsed = checkOutboundUrl(url, policy);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw unprocessableError('url_not_allowed', error.message, pointer);
    throw error;
  }
  if (parsed.protocol === 'http:' && environment === 'production' && !isAllowlisted(parsed, policy)) {
    throw unprocessableError('url_not_allowed', 'production endpoints must use https (http is accepted in staging and for hosts in OUTBOUND_ALLOWLIST)', pointer);
  }
  if (parsed.hash) throw unprocessableError('url_not_allowed', 'the URL must not have a fragment', pointer);
}
