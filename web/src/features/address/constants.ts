/** Business constants of docs/product.md §9 for addresses. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 1000;
export const MAP_CENTRE_DEBOUNCE_MS = 300;
export const MAP_ZOOM = 15;
export const MAP_HEIGHT_PX = 360;
export const NOTE_MIN_HEIGHT_PX = 160;
