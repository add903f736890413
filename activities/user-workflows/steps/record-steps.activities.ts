/**
 * The activities of the steps that create records of other features — screening, business lookup,
 * website check — each through that feature's own transitions (so the record, its event and its
 * webhooks are exactly what the API would make), once per step run; and the readers that turn the
 * finished record into the step's output. The interpreter runs the feature's workflow as a child
 * in between.
 */
import type { Environment } from '../../../infra/db/tables/common.js';
import type { Db } from '../../../infra/db/create-db.js';
import { accountExists, businessExists, findScreening } from '../../../infra/db/repositories/screenings.repository.js';
import { findBusiness, sessionExists } from '../../../infra/db/repositories/businesses.repository.js';
import { findWebsiteCheck } from '../../../infra/db/repositories/website-checks.repository.js';
import { createScreening } from '../../screening/screening.transitions.js';
import { createBusinessLookup } from '../../businesses/business.transitions.js';
import { validateLookupRequest } from '../../businesses/validation/lookup-input.model.js';
import type { LookupInput, SupportedCountry } from '../../businesses/registries/registry-adapter.js';
import { createWebsiteCheck } from '../../website-checks/website-check.transitions.js';
import { systemActor, type Actor } from '../../events/actor.model.js';
import type {
  BusinessLookupStepOutput,
  ScreeningStepOutput,
  WebsiteCheckStepOutput,
} from '../../../workflows/workflow-execution/workflow-execution.contract.js';
import { SCREENING_QUERY_FIELDS, checkFields, httpUrl, isAbsent, uuidValue } from './step-inputs.model.js';
import { stepInputFailure } from './step-failure.js';
import { createStepResourceOnce } from './step-resource.js';

export interface StepRef {
  executionId: string;
  environment: Environment;
  seq: number;
  stepId: string;
}

export function executionActor(executionId: string): Actor {
  return systemActor(`workflow_execution:${executionId}`);
}

function optionalId(value: unknown, member: string): string | null {
  if (isAbsent(value)) return null;
  const problem = uuidValue(value);
  if (problem) throw stepInputFailure('invalid_step_input', `${member} ${problem}`);
  return String(value);
}

/** Trims strings and drops empty optional values, as the API stores queries. */
function cleanQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => !isAbsent(v)).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
}

export function createRecordStepActivities(deps: { db: Db; clock: () => Date }) {
  const { db } = deps;
  return {
    async startScreeningStep(input: StepRef & { screeningType: string; query: Record<string, unknown>; accountId: unknown; businessId: unknown }): Promise<{ screeningId: string }> {
      const rules = SCREENING_QUERY_FIELDS[input.screeningType];
      if (!rules) throw stepInputFailure('invalid_step_input', `unknown screening type ${input.screeningType}`);
      const problems = checkFields(input.query, rules);
      if (problems.length > 0) throw stepInputFailure('invalid_step_input', `query: ${problems.map((p) => p.detail).join('; ')}`);
      const accountId = optionalId(input.accountId, 'account_id');
      const businessId = optionalId(input.businessId, 'business_id');
      if (accountId && !(await accountExists(db, input.environment, accountId))) throw stepInputFailure('account_not_found', `account ${accountId} does not exist`);
      if (businessId && !(await businessExists(db, input.environment, businessId))) throw stepInputFailure('business_not_found', `business ${businessId} does not exist`);
      const query = cleanQuery(Object.fromEntries(Object.keys(rules).map((k) => [k, input.query[k]])));
      const screeningId = await createStepResourceOnce(db, input.executionId, input.seq, async (trx) =>
        (await createScreening(trx, executionActor(input.executionId), { environment: input.environment, type: input.screeningType, executionMode: 'async', query, ignoreList: [], accountId, businessId })).id,
      );
      return { screeningId };
    },

    async readScreeningStepOutput(input: { environment: Environment; screeningId: string }): Promise<ScreeningStepOutput> {
      const row = await findScreening(db, input.environment, input.screeningId);
      if (!row) throw stepInputFailure('screening_not_found', `screening ${input.screeningId} does not exist`);
      const lists = (row.matched_lists ?? []) as { slug?: string; name?: string; list_type?: string; entities?: unknown[] }[];
      return {
        screening_id: row.id,
        status: row.status,
        has_match: row.has_match,
        matched_lists: lists.map((l) => ({ slug: String(l.slug ?? ''), name: String(l.name ?? ''), list_type: String(l.list_type ?? ''), entity_count: l.entities?.length ?? 0 })),
      };
    },

    async startBusinessLookupStep(input: StepRef & { country: unknown; sessionId: unknown; fields: Record<string, unknown> }): Promise<{ businessId: string; country: SupportedCountry; input: LookupInput }> {
      const fields = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => !isAbsent(v)));
      const verdict = validateLookupRequest({ country: input.country, input: fields });
      if (!verdict.ok) throw stepInputFailure('invalid_step_input', verdict.errors.map((e) => e.detail).join('; '));
      const sessionId = optionalId(input.sessionId, 'session_id');
      if (!sessionId) throw stepInputFailure('invalid_step_input', 'session_id is required: a business lookup belongs to an identity session');
      if (!(await sessionExists(db, input.environment, sessionId))) throw stepInputFailure('session_not_found', `session ${sessionId} does not exist`);
      const businessId = await createStepResourceOnce(db, input.executionId, input.seq, async (trx) =>
        (await createBusinessLookup(trx, executionActor(input.executionId), { environment: input.environment, sessionId, country: verdict.country, searchInput: { ...verdict.input } })).id,
      );
      return { businessId, country: verdict.country, input: verdict.input };
    },

    async readBusinessLookupStepOutput(input: { environment: Environment; businessId: string }): Promise<BusinessLookupStepOutput> {
      const row = await findBusiness(db, input.environment, input.businessId);
      if (!row) throw stepInputFailure('business_not_found', `business ${input.businessId} does not exist`);
      const record = (row.record ?? null) as { is_registered?: unknown; status?: unknown } | null;
      return {
        business_id: row.id,
        async_status: row.async_status,
        is_registered: typeof record?.is_registered === 'boolean' ? record.is_registered : null,
        company_status: typeof record?.status === 'string' ? record.status : null,
        error_codes: ((row.errors ?? []) as { code?: string }[]).map((e) => String(e.code ?? '')).filter(Boolean),
      };
    },

    async startWebsiteCheckStep(input: StepRef & { url: unknown; businessName: unknown; businessId: unknown }): Promise<{ websiteCheckId: string }> {
      const urlProblem = httpUrl(input.url);
      if (urlProblem) throw stepInputFailure('invalid_step_input', `url ${urlProblem}`);
      const businessName = isAbsent(input.businessName) ? null : String(input.businessName).trim().slice(0, 255);
      const businessId = optionalId(input.businessId, 'business_id');
      if (businessId && !(await businessExists(db, input.environment, businessId))) throw stepInputFailure('business_not_found', `business ${businessId} does not exist`);
      const websiteCheckId = await createStepResourceOnce(db, input.executionId, input.seq, async (trx) =>
        (await createWebsiteCheck(trx, executionActor(input.executionId), { environment: input.environment, url: String(input.url), businessName, businessId, executionMode: 'async', at: deps.clock() })).id,
      );
      return { websiteCheckId };
    },

    async readWebsiteCheckStepOutput(input: { environment: Environment; websiteCheckId: string }): Promise<WebsiteCheckStepOutput> {
      const row = await findWebsiteCheck(db, input.environment, input.websiteCheckId);
      if (!row) throw stepInputFailure('website_check_not_found', `website check ${input.websiteCheckId} does not exist`);
      const facts = (row.facts ?? {}) as { tls?: { valid?: unknown }; content?: { business_name_found?: unknown } };
      return {
        website_check_id: row.id,
        status: row.status,
        risk_level: row.risk_level,
        indicator_codes: (row.indicators ?? []).map((i) => i.code),
        tls_valid: typeof facts.tls?.valid === 'boolean' ? facts.tls.valid : null,
        business_name_found: typeof facts.content?.business_name_found === 'boolean' ? facts.content.business_name_found : null,
      };
    },
  };
}
