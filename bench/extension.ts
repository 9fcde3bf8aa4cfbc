/** Moved to lookup-path.ts; this re-export keeps run.ts working until it imports benchLookupPath itself. */
export { benchLookupPath as benchExtension } from './lookup-path.ts';
