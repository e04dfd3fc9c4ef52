/** Filled in by the widget work in progress. */
export function startMenus(): void {}
