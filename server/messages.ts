/** Response texts: the hosted service's own where its documentation gives them (spec appendix). */
export const MESSAGES = {
  found: 'Successfully retrieved webmail info',
  badRequest:
    'Error parsing request - should be a json object containing the key email with an email or domain, plus an optional skip_cache boolean',
  unknownKey: 'Unauthorised - the specified API key does not exist',
  noMx: 'Not found - domain missing or no MX records set',
  unrecognised: 'Not found - unrecognised provider',
  unknownError: 'An unknown error occurred whilst looking up this email',
  noRoute: 'Not found - the only endpoint is POST /public_api/v1/get_webmail_info',
  methodNotAllowed: 'Method not allowed - use POST',
  operationMethodNotAllowed: 'Method not allowed - use GET',
  rateLimited:
    'Too many requests - a rate limit for this API key or this address was reached; retry after the number of seconds in the Retry-After header',
  requestTimeout: 'Request timeout - the request did not arrive in time',
  alive: 'Alive',
  ready: 'Ready - the database takes writes',
  notReady: 'Not ready - the database does not take writes',
  shuttingDown: 'Not ready - shutting down',
  billing: (dashboardUrl: string) =>
    `Payment required - this API key has no valid subscription and no credits left; top up at ${dashboardUrl}`,
} as const;
