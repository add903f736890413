/** Definition, input_schema and input problems as one 422 whose items point into the request body. */
import type { DefinitionIssue } from '../../activities/user-workflows/definition/definition-validation.model.js';
import { ResourceError } from '../http/errors.js';

export function invalidWorkflow(issues: readonly DefinitionIssue[], code = 'invalid_definition'): ResourceError {
  return new ResourceError(422, issues.map((i) => ({ status: '422', code, title: 'Invalid attribute', detail: i.detail, source: { pointer: i.pointer } })));
}
