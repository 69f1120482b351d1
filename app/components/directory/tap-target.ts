/** Every filter control's least height: a thumb needs 44 px. */
export const TAP_TARGET = "min-h-11";
