// Maps failures of external tools (identity's command runner) to the engine's typed errors.

import { ToolFailedError, ToolUnavailableError } from '../../../identity/documents/processing/ocr/command.runner.js';
import { DocumentAnalysisError, type AnalysisErrorCode } from '../analysis-errors.js';

export async function withToolErrors<T>(work: () => Promise<T>, onTimeout: AnalysisErrorCode, onExit: AnalysisErrorCode, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolUnavailableError) throw new DocumentAnalysisError('tool_unavailable', `${error.tool} is not installed`);
    if (error instanceof ToolFailedError) {
      throw new DocumentAnalysisError(error.reason === 'timeout' ? onTimeout : onExit, `${what}: ${error.tool} ${error.reason === 'timeout' ? 'timed out' : 'failed'}`);
    }
    throw error;
  }
}
