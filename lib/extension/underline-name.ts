/** The name of the highlight that underlines found addresses: the page scanner sets it, the style sheet draws it. */
export const UNDERLINE_NAME = 'webmail-lookup';
