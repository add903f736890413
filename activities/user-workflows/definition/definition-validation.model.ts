/**
 * Checks a workflow definition at create, patch and deploy, and answers every problem with a JSON
 * pointer into the request body (`/data/attributes/definition/...`): the shape (`start`, `steps`,
 * step ids, known step types and members), each member by its kind (literals, step references
 * that exist, JSONLogic expressions that parse and read existing steps, durations), the inputs of
 * each step (screening query fields of its type, business lookup fields, event data), and the
 * graph (reachability, cycles only through wait/review, an outcome reachable). Pure.
 */
import { DEFINITION_LIMITS, STEP_TYPES, stepTargets, type StepDefinition, type StepType, type WorkflowDefinition } from '../../../workflows/workflow-execution/definition.contract.js';
import { checkExpression } from '../../../workflows/workflow-execution/expressions.js';
import { BUSINESS_LOOKUP_FIELDS, SCREENING_QUERY_FIELDS, checkEventDataValue, isAbsent, type FieldRule } from '../steps/step-inputs.model.js';
import { analyseGraph, type GraphStep } from './definition-graph.model.js';
import { STEP_MEMBERS, checkDuration, type MemberSpec } from './step-members.model.js';

export const DEFINITION_POINTER = '/data/attributes/definition';

export interface DefinitionIssue {
  pointer: string;
  detail: string;
}

export type DefinitionVerdict = { ok: true; definition: WorkflowDefinition } | { ok: false; issues: DefinitionIssue[] };

const escape = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const pointer = (base: string, ...segments: (string | number)[]) => [base, ...segments.map(escape)].join('/');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isExpressionNode = (value: unknown) => typeof value === 'object' && value !== null;

export function validateDefinition(definition: unknown, base = DEFINITION_POINTER): DefinitionVerdict {
  const issues: DefinitionIssue[] = [];
  if (!isObject(definition)) return { ok: false, issues: [{ pointer: base, detail: 'definition must be an object {start, steps}' }] };
  for (const key of Object.keys(definition)) if (key !== 'start' && key !== 'steps') issues.push({ pointer: pointer(base, key), detail: `unknown member ${key}` });
  const steps = definition.steps;
  if (!isObject(steps) || Object.keys(steps).length === 0) {
    issues.push({ pointer: pointer(base, 'steps'), detail: 'steps must be an object holding at least one step' });
    return { ok: false, issues };
  }
  const ids = Object.keys(steps);
  if (ids.length > DEFINITION_LIMITS.maxSteps) issues.push({ pointer: pointer(base, 'steps'), detail: `at most ${DEFINITION_LIMITS.maxSteps} steps` });
  const stepIds = new Set(ids);
  if (typeof definition.start !== 'string') issues.push({ pointer: pointer(base, 'start'), detail: 'start must name the first step' });
  else if (!stepIds.has(definition.start)) issues.push({ pointer: pointer(base, 'start'), detail: `start names step ${JSON.stringify(definition.start)}, which does not exist` });

  const graph = new Map<string, GraphStep>();
  for (const id of ids) {
    const at = (...segments: (string | number)[]) => pointer(base, 'steps', id, ...segments);
    if (!DEFINITION_LIMITS.stepIdPattern.test(id)) issues.push({ pointer: at(), detail: 'a step id is 1–63 characters: a lowercase letter, then lowercase letters, digits or _' });
    const step = steps[id];
    if (!isObject(step)) {
      issues.push({ pointer: at(), detail: 'a step must be an object with a type' });
      continue;
    }
    if (typeof step.type !== 'string' || !(STEP_TYPES as readonly string[]).includes(step.type)) {
      issues.push({ pointer: at('type'), detail: `type must be one of ${STEP_TYPES.join(', ')}` });
      continue;
    }
    const type = step.type as StepType;
    checkMembers(type, step, stepIds, at, issues);
    graph.set(id, { type, targets: Object.values(stepTargets(step as unknown as StepDefinition)).filter((t) => stepIds.has(t)) });
  }

  if (typeof definition.start === 'string' && stepIds.has(definition.start)) {
    const findings = analyseGraph(definition.start, graph);
    for (const id of findings.unreachable) issues.push({ pointer: pointer(base, 'steps', id), detail: `step ${id} cannot be reached from start` });
    for (const cycle of findings.busyCycles) {
      issues.push({ pointer: pointer(base, 'steps', cycle[0]!), detail: `the cycle through ${cycle.join(', ')} passes through no wait or review step` });
    }
    for (const id of findings.deadEnds) issues.push({ pointer: pointer(base, 'steps', id), detail: `no outcome step can be reached from step ${id}` });
  }

  return issues.length > 0 ? { ok: false, issues } : { ok: true, definition: definition as unknown as WorkflowDefinition };
}

function checkMembers(type: StepType, step: Record<string, unknown>, stepIds: ReadonlySet<string>, at: (...s: (string | number)[]) => string, issues: DefinitionIssue[]): void {
  const specs = STEP_MEMBERS[type];
  for (const key of Object.keys(step)) {
    if (key !== 'type' && !(key in specs)) issues.push({ pointer: at(key), detail: `unknown member ${key} for a ${type} step (members: ${Object.keys(specs).join(', ')})` });
  }
  for (const [member, spec] of Object.entries(specs)) {
    const value = step[member];
    if (value === undefined) {
      if (spec.required) issues.push({ pointer: at(member), detail: `${member} is required for a ${type} step` });
      continue;
    }
    checkMember(spec, value, stepIds, (...s) => at(member, ...s), member, issues);
  }
  if (type === 'screening' && isObject(step.query) && typeof step.screening_type === 'string') {
    const fields = SCREENING_QUERY_FIELDS[step.screening_type];
    if (fields) checkFieldMap(step.query, fields, (...s) => at('query', ...s), issues);
  }
  if (type === 'business_lookup') {
    for (const [field, rule] of Object.entries(BUSINESS_LOOKUP_FIELDS)) checkLiteralField(step[field], rule, field, at(field), issues);
  }
  if (type === 'emit_event' && isObject(step.data)) {
    const keys = Object.keys(step.data);
    if (keys.length > DEFINITION_LIMITS.maxEmitDataFields) issues.push({ pointer: at('data'), detail: `at most ${DEFINITION_LIMITS.maxEmitDataFields} fields` });
    for (const key of keys) {
      if (!/^[a-z][a-z0-9_]{0,62}$/.test(key)) issues.push({ pointer: at('data', key), detail: 'a data field name is a lowercase letter, then lowercase letters, digits or _' });
      const value = step.data[key];
      if (!isExpressionNode(value)) {
        const problem = checkEventDataValue(value, DEFINITION_LIMITS.maxEventDataString);
        if (problem) issues.push({ pointer: at('data', key), detail: `${key} ${problem}` });
      }
    }
  }
  if (type === 'review' && step.on_timeout !== undefined && step.timeout === undefined) {
    issues.push({ pointer: at('on_timeout'), detail: 'on_timeout needs a timeout' });
  }
}

function checkMember(spec: MemberSpec, value: unknown, stepIds: ReadonlySet<string>, at: (...s: (string | number)[]) => string, member: string, issues: DefinitionIssue[]): void {
  switch (spec.kind) {
    case 'literal': {
      const problem = spec.check(value);
      if (problem) issues.push({ pointer: at(), detail: `${member} ${problem}` });
      return;
    }
    case 'step':
      if (typeof value !== 'string') issues.push({ pointer: at(), detail: `${member} must name a step` });
      else if (!stepIds.has(value)) issues.push({ pointer: at(), detail: `${member} names step ${JSON.stringify(value)}, which does not exist` });
      return;
    case 'duration': {
      const problem = checkDuration(value, spec.maxMs);
      if (problem) issues.push({ pointer: at(), detail: `${member} ${problem}` });
      return;
    }
    case 'expression':
      for (const issue of checkExpression(value, { stepIds })) issues.push({ pointer: at(...issue.path), detail: issue.detail });
      if (spec.literalCheck && !isExpressionNode(value) && !isAbsent(value)) {
        const problem = spec.literalCheck(value);
        if (problem) issues.push({ pointer: at(), detail: `${member} ${problem}` });
      }
      return;
    case 'expression_map':
      if (!isObject(value)) {
        issues.push({ pointer: at(), detail: `${member} must be an object of field → expression` });
        return;
      }
      for (const [key, expression] of Object.entries(value)) {
        for (const issue of checkExpression(expression, { stepIds })) issues.push({ pointer: at(key, ...issue.path), detail: issue.detail });
      }
      return;
  }
}

/** Query fields: only the type's, required ones present, literal values within bounds. */
function checkFieldMap(values: Record<string, unknown>, rules: Record<string, FieldRule>, at: (...s: (string | number)[]) => string, issues: DefinitionIssue[]): void {
  for (const key of Object.keys(values)) if (!(key in rules)) issues.push({ pointer: at(key), detail: `unknown query field ${key} (fields: ${Object.keys(rules).join(', ')})` });
  for (const [field, rule] of Object.entries(rules)) {
    if (values[field] === undefined) {
      if (rule.required) issues.push({ pointer: at(field), detail: `${field} is required` });
      continue;
    }
    checkLiteralField(values[field], rule, field, at(field), issues);
  }
}

function checkLiteralField(value: unknown, rule: FieldRule, field: string, at: string, issues: DefinitionIssue[]): void {
  if (value === undefined || isExpressionNode(value)) return;
  if (isAbsent(value)) {
    if (rule.required) issues.push({ pointer: at, detail: `${field} is required` });
    return;
  }
  const problem = rule.check(value);
  if (problem) issues.push({ pointer: at, detail: `${field} ${problem}` });
}
