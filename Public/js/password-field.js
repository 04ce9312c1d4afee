// A step confirmed with the account password (two-step sign-in, app passwords): only the screens that
// ask for it load this, not the first load.

/**
 * Rethrows a 403 from a step confirmed with the account password as an error on the `password`
 * field (the server answers 403 for a wrong password there; other errors pass as they are).
 */
export function onPasswordField(error, message) {
  if (error?.status === 403) throw Object.assign(error, { field: 'password', problem: { ...error.problem, detail: message }, message });
  throw error;
}
