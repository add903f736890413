/** Every workflow the worker registers (the worker bundles this module). */
export * from './business-lookup/business-lookup.workflow.js';
