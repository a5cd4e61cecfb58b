/** Bumped whenever a change could alter any figure the engine produces. */
export const ENGINE_VERSION = '1.0.0';
