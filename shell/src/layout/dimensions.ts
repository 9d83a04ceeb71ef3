/** The side menu's measures (spec §9). */
export const SIDEBAR_WIDTH_PX = 240;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 70;
/** Delay before a collapsed menu entry shows its name. */
export const COLLAPSED_MENU_TOOLTIP_DELAY_MS = 300;
