/** No share scope to fill without federation. */
export const providedChakraEntries = {};
