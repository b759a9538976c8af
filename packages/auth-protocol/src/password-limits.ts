/**
 * @module
 * The password length limits of the auth platform (auth-platform spec section 5; the reference's
 * PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG carry them as details). Declared once: the server
 * enforces them, the handler pages and the site's admin form check them before sending.
 */

export const minPasswordLength = 8;
export const maxPasswordLength = 70;
