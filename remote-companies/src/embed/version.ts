/** Version of the embed contract (`mount` options, element attributes and events). */
export const EMBED_VERSION = '1.0.0';
/** The major is in the script's path (`embed/v1/embed.js`): a breaking change ships as v2 beside it. */
export const EMBED_MAJOR = Number(EMBED_VERSION.split('.')[0]);
