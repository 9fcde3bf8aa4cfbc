/** Build-time variables (see wxt.config.ts and README). */
interface ImportMetaEnv {
  readonly WXT_API_BASE_URL?: string;
  readonly WXT_DEMO_API_KEY?: string;
}
