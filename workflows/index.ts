/** Every workflow the worker registers (the worker bundles this module). */
export {};
