/**
 * The backgrounds of components/theme.ts's two palettes, as getComputedStyle gives them: written out here, so
 * that a test fails when a surface paints something else.
 */
export const DARK_BACKGROUND = 'rgb(22, 27, 34)';
export const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
