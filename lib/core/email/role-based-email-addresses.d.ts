/** The npm package ships CommonJS without types: its export is the list of role local parts. */
declare module 'role-based-email-addresses' {
  const roles: readonly string[];
  export default roles;
}
